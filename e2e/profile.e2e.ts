import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser } from './lib/accounts.ts';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations, signInAs } from './lib/browser.ts';
import { png } from './lib/images.ts';
import { settle } from './lib/shell.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe('forced profile completion', () => {
  it('keeps a new user on the profile form until name and job title are saved', async () => {
    const { token } = await newConfirmedUser(`profile.${Date.now()}@demo.test`);
    const { page, errors, context } = await openPage(browser, PHONE);
    // Routing rule 2: the token arrives as a query parameter.
    await page.goto(`/?access-token=${encodeURIComponent(token)}`);
    await page.waitForURL(/\/profile\/\d+\/edit$/);
    await page.getByRole('heading', { level: 1, name: 'Complete your profile' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Rule 5: other pages send the user back; the page followed is opened after saving.
    await page.goto('/activity/6');
    await page.waitForURL(/\/profile\/\d+\/edit$/);
    expect(await page.evaluate(() => localStorage.getItem('demo:return_url'))).toBe('/activity/6');

    await page.getByRole('button', { name: 'Save and continue' }).click();
    const jobTitle = page.getByLabel('Job title');
    await page.getByText('Value cannot be blank').waitFor();
    expect(await jobTitle.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('job_title');

    await page.getByLabel('Upload photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(64) });
    await page.locator('.profile-photo img.avatar').waitFor();
    // Removed again after the spec's question for destructive actions.
    await page.getByRole('button', { name: 'Remove avatar' }).click();
    const ask = page.getByRole('dialog', { name: 'Remove your avatar?' });
    await ask.getByText("Are you sure? This can't be undone.").waitFor();
    await ask.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.locator('.profile-photo img.avatar').waitFor({ state: 'detached' });
    await page.getByText('Avatar removed').waitFor();
    expect(await page.getByRole('button', { name: 'Remove avatar' }).count()).toBe(0);

    await jobTitle.fill('Speaker');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL((url) => url.pathname === '/activity/6');
    await page.locator('#main .activity-item').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('demo:return_url'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers a way out of the forced profile edit: Log out', async () => {
    const { token } = await newConfirmedUser(`leaver.${Date.now()}@demo.test`);
    const { page, errors, context } = await openPage(browser, PHONE);
    await page.goto(`/?access-token=${encodeURIComponent(token)}`);
    await page.waitForURL(/\/profile\/\d+\/edit$/);
    await page.getByRole('heading', { level: 1, name: 'Complete your profile' }).waitFor();
    const logout = page.getByRole('link', { name: 'Log out' });
    expect(await logout.isVisible()).toBe(true);
    // Below the form.
    const formBottom = await page.locator('form.profile-form').evaluate((f) => f.getBoundingClientRect().bottom);
    expect(await logout.evaluate((a) => a.getBoundingClientRect().top)).toBeGreaterThanOrEqual(formBottom);
    await logout.click();
    await page.waitForURL('**/login');
    // The logout page may still be navigating: ask again until the page answers (failed once in CI).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('demo:access_token')).catch(() => 'navigating')).toBeNull();
    // The token was revoked on the server.
    const menu = await fetch(`${baseURL()}/user/app-menu`, { headers: { 'app-key': 'demo', 'access-token': token } });
    expect(menu.status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('does not offer Log out on the edit page of a complete profile', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await signInAs(page, 'anna@demo.test');
    await page.goto('/profile/16/edit');
    await page.getByRole('heading', { level: 1, name: 'Edit profile' }).waitFor();
    expect(await page.getByRole('link', { name: 'Log out' }).count()).toBe(0);
    await context.close();
  });

  it('shows the own profile and another attendee on desktop', async () => {
    const { token, userId } = await newConfirmedUser(`viewer.${Date.now()}@demo.test`);
    const res = await fetch(`${(await import('./lib/browser.ts')).baseURL()}/user/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'access-token': token },
      body: JSON.stringify({ first_name: 'Vera', last_name: 'Viewer', job_title: 'Analyst' }),
    });
    expect(res.status).toBe(200);
    const { page, context } = await openPage(browser, DESKTOP);
    await page.goto(`/?access-token=${encodeURIComponent(token)}`);
    await page.waitForURL(/\/news\/\d+$/);
    await page.goto('/profile/16');
    await page.getByRole('heading', { name: 'Vera Viewer' }).waitFor();
    await page.goto('/user/2');
    await page.getByText('Product Manager').first().waitFor();
    expect(userId).toBeGreaterThan(0);
    await context.close();
  });
});

describe('unpublished app', () => {
  it('shows "App is unavailable" instead of the login', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.goto('/login?app=demo-unpublished');
    await page.getByRole('heading', { level: 1, name: 'App is unavailable' }).waitFor();
    expect(await page.getByText('Contact App Owner for details').count()).toBe(1);
    expect(await page.getByRole('textbox').count()).toBe(0);
    await context.close();
  });
});

// Profiles and the directory (demo ids: profile module 16, directory "Attendees" 12). Two new
// members of their own: one completes and shares a profile, then finds the other in the directory
// by interest, favorites them, writes a note and finds them again by the company filter.
describe('profile sections, share, favorites, notes and the directory', () => {
  async function member(first: string, stamp: string, extra: Record<string, unknown> = {}) {
    const account = await newConfirmedUser(`${first.toLowerCase()}.${stamp}@demo.test`);
    const res = await fetch(`${baseURL()}/user/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'app-key': 'demo', 'access-token': account.token },
      body: JSON.stringify({ first_name: first, last_name: `Tester${stamp}`, job_title: 'Explorer', ...extra }),
    });
    expect(res.status).toBe(200);
    return account;
  }

  it('completes and shares a profile, favorites and notes someone found in the directory', async () => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const peer = await member('Quinn', stamp, { company: `Quokka Labs ${stamp}`, interested_in: [`Quokkas${stamp}`] });
    const me = await member('Mara', stamp);
    const { page, errors, context } = await openPage(browser, PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await page.goto(`/?access-token=${encodeURIComponent(me.token)}`);
    await page.waitForURL(/\/news\/\d+$/);

    // Edit: pitch, a tag, a social link (a bad one first: the field says so), public e-mail.
    await page.goto('/profile/16/edit');
    await page.getByRole('heading', { level: 1, name: 'Edit profile' }).waitFor();
    // A pitch pasted past the limit is not cut: the field says so at once.
    await page.getByLabel('Pitch').fill('Parks. '.repeat(300));
    await page.getByText('You have exceeded max content size!').waitFor();
    expect((await page.getByLabel('Pitch').inputValue()).length).toBe(2100);
    await page.getByLabel('Pitch').fill('I map city parks for people who walk.');
    expect(await page.getByText('You have exceeded max content size!').count()).toBe(0);
    const interests = page.getByRole('textbox', { name: 'Interested in' });
    await interests.fill('Urban walking');
    await interests.press('Enter');
    await page.getByRole('button', { name: 'Remove Urban walking' }).waitFor();
    await page.getByRole('button', { name: 'Add a link' }).click();
    await page.getByLabel('Social profile 1').fill('javascript:alert(1)');
    await page.getByRole('textbox', { name: 'Public e-mail' }).fill('mara@parks.example');
    expect(await seriousViolations(page), 'profile edit, phone').toEqual([]);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Enter a profile address starting with http:// or https://').waitFor();
    await page.getByLabel('Social profile 1').fill('https://mastodon.social/@mara');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/profile\/16$/);
    await page.getByText('I map city parks for people who walk.').waitFor();
    await page.getByText('Urban walking').waitFor();
    await page.getByRole('link', { name: 'mastodon.social' }).waitFor();

    // Share: a QR of the profile link and Copy link.
    await page.getByRole('button', { name: 'Share profile' }).click();
    const share = page.getByRole('dialog', { name: 'Share profile' });
    await share.getByRole('img', { name: /QR code/ }).waitFor();
    await settle(page);
    expect(await seriousViolations(page), 'share dialog').toEqual([]);
    await share.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/user/${me.userId}`);
    await share.getByRole('button', { name: 'Close' }).click();

    // Directory: the peer by their interest; their profile; favorite and a private note.
    await page.goto('/appusers/12');
    await page.getByRole('heading', { level: 1, name: 'Attendees' }).waitFor();
    await page.locator('.people-cards a').first().waitFor();
    expect(await seriousViolations(page), 'directory, phone').toEqual([]);
    await page.getByRole('searchbox', { name: 'Search by name, job, company or interest' }).fill(`quokkas${stamp}`);
    await page.getByRole('status').filter({ hasText: '1 person' }).waitFor();
    expect(new URL(page.url()).searchParams.get('search')).toBe(`quokkas${stamp}`);
    await page
      .locator('.people-cards a')
      .filter({ hasText: `Quinn Tester${stamp}` })
      .click();
    await page.waitForURL(`**/user/${peer.userId}`);
    await page.getByRole('button', { name: 'Add to favorites' }).click();
    await page.getByRole('button', { name: 'In favorites' }).waitFor();
    await page.getByLabel('Private note').fill('Knows every quokka by name.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await page.getByText('Note saved').waitFor();
    expect(await seriousViolations(page), 'other profile, phone').toEqual([]);
    await page.reload();
    await expect.poll(() => page.getByLabel('Private note').inputValue()).toBe('Knows every quokka by name.');

    // Report: asked first, then the page says so and offers it no more.
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    const report = page.getByRole('dialog', { name: 'Report this member?' });
    await report.getByRole('button', { name: 'Report', exact: true }).click();
    await page.locator('.profile-card').getByText('Content reported').waitFor();
    expect(await page.getByRole('button', { name: 'Report', exact: true }).count()).toBe(0);
    await page.reload();
    await page.locator('.profile-card').getByText('Content reported').waitFor();
    // Message: opens the private chat with them, started on the spot.
    await page.getByRole('button', { name: 'Message', exact: true }).click();
    await page.waitForURL(/\/chats\/\d+\/chat\/\d+$/);
    await page.getByText(`Quinn Tester${stamp}`).first().waitFor();

    // Directory again: the company filter alone finds them, marked as a favorite.
    await page.goto('/appusers/12');
    await page.locator('.people-cards a').first().waitFor();
    await page.getByRole('button', { name: 'Company' }).click();
    await page.getByRole('radio', { name: new RegExp(`Quokka Labs ${stamp}`) }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('status').filter({ hasText: '1 person' }).waitFor();
    const card = page.locator('.people-cards a');
    expect(await card.allTextContents()).toEqual([expect.stringContaining(`Quinn Tester${stamp}`)]);
    expect(await card.first().textContent()).toContain('Favorite');
    expect(errors).toEqual([]);
    await context.close();

    // Desktop: the directory and my favorites, with axe.
    const desk = await openPage(browser, DESKTOP);
    await desk.page.goto(`/?access-token=${encodeURIComponent(me.token)}`);
    await desk.page.waitForURL(/\/news\/\d+$/);
    await desk.page.goto('/appusers/12?favorites=1');
    await desk.page
      .locator('.people-cards a')
      .filter({ hasText: `Quinn Tester${stamp}` })
      .waitFor();
    expect(await seriousViolations(desk.page), 'directory, desktop').toEqual([]);
    await desk.page.goto('/profile/16/favorites');
    await desk.page
      .locator('main .people-list')
      .getByRole('link', { name: `Quinn Tester${stamp}` })
      .waitFor();
    expect(await seriousViolations(desk.page), 'favorites, desktop').toEqual([]);

    // Quinn chooses not to be listed: gone from the directory, still in my own favorites.
    const optOut = await fetch(`${baseURL()}/user/profile/preferences`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'app-key': 'demo', 'access-token': peer.token },
      body: JSON.stringify({ listed_in_directory: false }),
    });
    expect(optOut.status).toBe(200);
    await desk.page.goto(`/appusers/12?search=quokkas${stamp}`);
    await desk.page.getByRole('heading', { name: 'Nothing found' }).waitFor();
    await desk.page.goto('/profile/16/favorites');
    await desk.page
      .locator('main .people-list')
      .getByRole('link', { name: `Quinn Tester${stamp}` })
      .waitFor();
    expect(desk.errors).toEqual([]);
    await desk.context.close();
  });
});
