import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser } from './lib/accounts.ts';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations, signInAs } from './lib/browser.ts';
import { png } from './lib/images.ts';

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

    // Rule 5: other pages send the user back.
    await page.goto('/activity/6');
    await page.waitForURL(/\/profile\/\d+\/edit$/);

    await page.getByRole('button', { name: 'Save and continue' }).click();
    const jobTitle = page.getByLabel('Job title');
    await page.getByText('Value cannot be blank').waitFor();
    expect(await jobTitle.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('job_title');

    await page.getByLabel('Upload photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(64) });
    await page.locator('.profile-photo img.avatar').waitFor();

    await jobTitle.fill('Speaker');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/\/news\/\d+$/);
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
