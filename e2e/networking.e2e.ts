import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser } from './lib/accounts.ts';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations } from './lib/browser.ts';
import { signIn, useSession } from './lib/shell.ts';

// 1:1 meetings: anna asks a new member for a meeting from the member's profile (success tab; asking
// again while it waits is refused on the form); the member, on another browser, sees the request
// arrive live and accepts; anna sees it accepted live, moves it, and the member sees it waiting for
// an answer again. The hub's screens not built yet say they are coming. Writes: a new member, and one meeting of anna's far ahead (no one else reads it).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** A new member of the demo app with a complete profile, signed in on a page of its own. */
async function newMember(first: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const { token, userId } = await newConfirmedUser(`meet.${stamp}@demo.test`);
  const res = await fetch(`${baseURL()}/user/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'app-key': 'demo', 'access-token': token },
    body: JSON.stringify({ first_name: first, last_name: `Meeter${stamp}`, job_title: 'Product lead', company: 'Harbour Labs' }),
  });
  if (!res.ok) throw new Error(`profile: ${res.status}`);
  const { page, errors } = await openPage(browser, DESKTOP);
  await useSession(page, token, userId);
  return { page, errors, userId, name: `${first} Meeter${stamp}` };
}

describe('1:1 meetings', () => {
  it('anna schedules a 1:1 from a profile (once); the member accepts it live; anna moves it, the member is asked again; axe on the meets page', async () => {
    const member = await newMember('Robin');
    await member.page.goto('/networking/meets/index');
    await member.page.getByRole('heading', { name: 'My 1:1 meets', level: 1 }).waitFor();

    const { page, errors } = await openPage(browser, PHONE);
    await signIn(page);
    await page.goto(`/user/${member.userId}`);
    await page.getByRole('button', { name: 'Schedule a 1:1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a 1:1' });
    // The slot is required: its error shows, and choosing a slot clears it.
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.getByText('Choose a time slot.').waitFor();
    // A day far ahead (random), so a retry or another run never overlaps this one.
    const day = new Date(Date.now() + (200 + Math.floor(Math.random() * 300)) * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Day').fill(day);
    await dialog.getByLabel('Time', { exact: true }).selectOption('10:30');
    expect(await dialog.getByText('Choose a time slot.').count()).toBe(0);
    await dialog.getByRole('radio', { name: '30' }).check();
    await dialog.getByLabel('Location').fill('Coffee bar, hall 2');
    const message = `Shall we compare notes on onboarding? ${Date.now()}`;
    await dialog.getByLabel('Cover message').fill(message);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    const success = page.getByRole('dialog', { name: 'Request sent!' });
    await success.getByRole('link', { name: 'See all 1:1 Meets' }).waitFor();
    await success.getByRole('button', { name: 'Stay Here' }).click();
    // One request at a time waits between two people: asking again says so on the form.
    await page.getByRole('button', { name: 'Schedule a 1:1' }).click();
    const again = page.getByRole('dialog', { name: 'Schedule a 1:1' });
    await again.getByLabel('Day').fill(day);
    await again.getByLabel('Time', { exact: true }).selectOption('15:00');
    await again.getByRole('button', { name: 'Send request' }).click();
    await again.getByText('A request between you two is already waiting for an answer.').waitFor();
    await again.getByRole('button', { name: 'Close' }).click();
    await page.goto('/networking/meets/index');
    await page.getByRole('button', { name: /^Sent/ }).click();
    const mine = page.locator('.meet-card', { hasText: message });
    await mine.getByText('Waiting for an answer').waitFor();
    await mine.getByRole('link', { name: member.name }).waitFor();
    expect(await seriousViolations(page), 'meets, phone').toEqual([]);

    // The member sees the request arrive without a reload, and accepts it.
    await member.page.getByRole('button', { name: /^Requests/ }).click();
    const request = member.page.locator('.meet-card', { hasText: message });
    await request.waitFor();
    await request.getByText('30 min').waitFor();
    expect(await seriousViolations(member.page), 'meets, desktop').toEqual([]);
    await request.getByRole('button', { name: 'Accept' }).click();
    await member.page.getByText('Meeting accepted').waitFor();
    await member.page.getByRole('button', { name: /^Upcoming/ }).click();
    await member.page.locator('.meet-card', { hasText: message }).getByRole('button', { name: 'Add to calendar' }).waitFor();

    // Anna's list follows live: gone from Sent, accepted under Upcoming.
    await mine.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Upcoming/ }).click();
    const accepted = page.locator('.meet-card', { hasText: message });
    await accepted.getByText('Accepted', { exact: true }).waitFor();

    // Anna moves the accepted meeting: it waits for the member's answer again, live on their list.
    await accepted.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit 1:1' });
    await edit.getByLabel('Time', { exact: true }).selectOption('11:00');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await member.page.getByRole('button', { name: /^Requests/ }).click();
    const moved = member.page.locator('.meet-card', { hasText: message });
    await moved.getByText('Moved: waiting for an answer again').waitFor();
    await moved.getByRole('button', { name: 'Accept' }).waitFor();
    expect(errors).toEqual([]);
    expect(member.errors).toEqual([]);
  });

  it('says the hub screens not built yet are coming, not that nobody is there', async () => {
    const { page, errors } = await openPage(browser, PHONE);
    const { byType } = await signIn(page);
    const hub = byType('networking').app_module_id;
    await page.goto(`/networking/${hub}/speed-networking/history`);
    await page.getByRole('heading', { name: 'Speed networking history', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Back to the networking hub' }).click();
    await page.waitForURL(`**/networking/${hub}`);
    expect(errors).toEqual([]);
  });
});
