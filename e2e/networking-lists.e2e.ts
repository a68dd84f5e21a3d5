import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser } from './lib/accounts.ts';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations } from './lib/browser.ts';
import { signIn, useSession } from './lib/shell.ts';

// The networker lists: a new member whose expertise is what anna looks for (demo profile: "Design
// systems") tops anna's New with the reason line; anna shortlists them (the card leaves New, the toast
// says so, they are in Shortlisted), messages them from the card (the chat opens) and writes; the
// member answers in their own browser, and anna's Connected list, open meanwhile, shows them without
// a reload. (Ben is not used: the demo chats already connect him with anna.) Writes: one new member,
// anna's mark on them and one private chat between the two.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function newMember(first: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const { token, userId } = await newConfirmedUser(`lists.${stamp}@demo.test`);
  const res = await fetch(`${baseURL()}/user/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'app-key': 'demo', 'access-token': token },
    body: JSON.stringify({
      first_name: first,
      last_name: `Lister${stamp}`,
      job_title: 'Design lead',
      company: 'Fjord Studio',
      expert_in: ['Design systems', 'UX research'],
      interested_in: ['Event tech'],
    }),
  });
  if (!res.ok) throw new Error(`profile: ${res.status} ${await res.text()}`);
  const { page, errors } = await openPage(browser, DESKTOP);
  await useSession(page, token, userId);
  return { page, errors, userId, name: `${first} Lister${stamp}` };
}

describe('networker lists', () => {
  it('New explains itself; shortlist, message, an answer makes them Connected live', async () => {
    const member = await newMember('Nico');
    const { page, errors } = await openPage(browser, PHONE);
    const { byType } = await signIn(page);
    const hub = byType('networking').app_module_id;

    await page.goto(`/networking/${hub}/new`);
    await page.getByRole('heading', { name: 'New Networkers', level: 1 }).waitFor();
    const card = page.locator('.networker-card', { hasText: member.name });
    await card.getByText('Expert in Design systems, which you look for').waitFor();
    // The current list is marked in the way between the six.
    expect(
      await page.getByRole('navigation', { name: 'Networker lists' }).getByRole('link', { name: 'New' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(await seriousViolations(page), 'new, phone').toEqual([]);

    await card.getByRole('button', { name: 'Shortlist' }).click();
    await page.getByText(`${member.name} is on your shortlist`).waitFor();
    await card.waitFor({ state: 'detached' });
    await page.getByRole('navigation', { name: 'Networker lists' }).getByRole('link', { name: 'Shortlisted' }).click();
    await page.getByRole('heading', { name: 'Shortlisted', level: 1 }).waitFor();
    const liked = page.locator('.networker-card', { hasText: member.name });
    await liked.getByRole('button', { name: 'Shortlisted' }).waitFor();

    // Message from the card: the private chat opens; anna writes.
    await liked.getByRole('button', { name: 'Message' }).click();
    await page.waitForURL(/\/chats\/\d+\/chat\/\d+/);
    const chatUrl = new URL(page.url()).pathname;
    const text = `Hello Nico, let us talk design systems ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.keyboard.press('Enter');
    await page.locator('.message.is-mine', { hasText: text }).waitFor();

    // Anna opens Connected inside the app (no reload): nobody new there yet; Contacted has the member.
    await page.goto(`/networking/${hub}/contacted`);
    await page.locator('.networker-card', { hasText: member.name }).waitFor();
    await page.getByRole('navigation', { name: 'Networker lists' }).getByRole('link', { name: 'Connected' }).click();
    await page.getByRole('heading', { name: 'Connected', level: 1 }).waitFor();
    // The list shows its own people (Ben, from the demo chats), never Contacted's while it loads.
    await page.locator('.networker-card').first().waitFor();
    expect(await page.locator('.networker-card', { hasText: member.name }).count()).toBe(0);

    // The member answers in their browser.
    await member.page.goto(chatUrl);
    await member.page.locator('.message', { hasText: text }).waitFor();
    await member.page.getByRole('textbox', { name: 'Message' }).fill('Hi Anna, gladly!');
    await member.page.keyboard.press('Enter');
    await member.page.locator('.message.is-mine', { hasText: 'Hi Anna, gladly!' }).waitFor();

    // Live on anna's open Connected list.
    await page.locator('.networker-card', { hasText: member.name }).getByText('Connected').first().waitFor({ timeout: 10_000 });
    expect(await seriousViolations(page), 'connected, phone').toEqual([]);
    expect(errors).toEqual([]);
    expect(member.errors).toEqual([]);
  });
});
