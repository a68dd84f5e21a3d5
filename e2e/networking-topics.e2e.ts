import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser } from './lib/accounts.ts';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations } from './lib/browser.ts';
import { authed, type MenuItem, settle } from './lib/shell.ts';

// Topics to discuss: one member starts a topic; a second member (another browser) sees it appear,
// likes it, joins it and comments; the first sees the like, the member and the comment without a
// reload. Both are new members of the demo app (the journey writes only its own data).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function newMember(viewport: { width: number; height: number }, first: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const { token } = await newConfirmedUser(`topics.${stamp}@demo.test`);
  const res = await fetch(`${baseURL()}/user/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'app-key': 'demo', 'access-token': token },
    body: JSON.stringify({ first_name: first, last_name: `Talker${stamp}`, job_title: 'Attendee' }),
  });
  if (!res.ok) throw new Error(`profile: ${res.status}`);
  const { page, context, errors } = await openPage(browser, viewport);
  await page.goto('/healthz');
  await page.evaluate((t) => {
    localStorage.setItem('demo:access_token', t);
    localStorage.setItem('demo:push_never', '1');
  }, token);
  const { menu } = await authed<{ menu: MenuItem[] }>(page, 'demo', '/user/app-menu');
  const hub = menu.find((i) => i.type === 'networking');
  if (!hub) throw new Error('no networking module');
  return { page, context, errors, topics: `/networking/${hub.app_module_id}/topics`, name: `${first} Talker${stamp}` };
}

describe('networking topics', () => {
  it('a new topic, its like, member and comment reach the other member’s open screens live', async () => {
    const anna = await newMember(PHONE, 'Anna');
    const ben = await newMember(DESKTOP, 'Ben');
    await ben.page.goto(ben.topics);
    await ben.page.getByRole('heading', { name: 'Topics to discuss', level: 1 }).waitFor();
    await ben.page.locator('.topic-card').first().waitFor();

    const title = `Badge printing on site ${Date.now()}`;
    await anna.page.goto(anna.topics);
    await anna.page.getByRole('button', { name: 'New topic' }).click();
    const dialog = anna.page.getByRole('dialog', { name: 'New topic' });
    await dialog.getByLabel('Title').fill('x'.repeat(121));
    await dialog.getByText('You have exceeded max content size!').waitFor();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill(`Who prints badges at the door? ${'Averyveryverylongwordwithoutanyspaces'.repeat(4)}`);
    await settle(anna.page);
    expect(await seriousViolations(anna.page), 'topic form').toEqual([]);
    await dialog.getByRole('button', { name: 'Create topic' }).click();
    await anna.page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await anna.page.getByText('1 member', { exact: true }).waitFor();
    // A long word wraps: the phone page never scrolls sideways.
    expect(await anna.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(anna.page), 'topic, phone').toEqual([]);

    // Ben's open list shows it without a reload.
    const card = ben.page.locator('.topic-card', { hasText: title });
    await card.waitFor();
    await card.click();
    await ben.page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const like = ben.page.getByRole('button', { name: 'Like', exact: true });
    await like.click();
    await ben.page.getByRole('button', { name: 'Liked', pressed: true }).waitFor();
    await ben.page.getByRole('button', { name: 'Join', exact: true }).click();
    await ben.page.getByRole('button', { name: 'Joined', pressed: true }).waitFor();
    const field = ben.page.getByLabel('Your comment');
    await field.fill('z'.repeat(1001));
    await ben.page.getByText('You have exceeded max content size!').waitFor();
    expect(await field.inputValue()).toHaveLength(1001);
    await field.fill('I can bring two printers.');
    await ben.page.getByRole('button', { name: 'Post comment' }).click();
    await ben.page.locator('.topic-comment', { hasText: 'I can bring two printers.' }).waitFor();
    expect(await seriousViolations(ben.page), 'topic, desktop').toEqual([]);

    // Anna sees the like, the new member (a reachable card) and the comment live.
    await anna.page.getByText('1 like', { exact: true }).waitFor();
    await anna.page.getByText('2 members', { exact: true }).waitFor();
    await anna.page.locator('.topic-comment', { hasText: 'I can bring two printers.' }).waitFor();
    const member = anna.page.locator('.networker-card', { hasText: ben.name });
    await member.waitFor();
    await member.getByRole('button', { name: 'Schedule a 1:1' }).waitFor();

    expect(anna.errors).toEqual([]);
    expect(ben.errors).toEqual([]);
    await anna.context.close();
    await ben.context.close();
  });
});
