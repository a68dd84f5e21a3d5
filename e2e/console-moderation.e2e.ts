import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser } from './lib/accounts.ts';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations, signInAs } from './lib/browser.ts';
import { authed, type MenuItem } from './lib/shell.ts';

// The console's moderation queue (issue 22): a member reports a post in the attendee app, the
// moderator's open console shows it without a reload and hides it; its author still sees it, the
// other members no longer do.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const json = { 'content-type': 'application/json', 'app-key': 'demo' };

/** A demo login's attendee page (push prompt off) and the demo app's blogs module. */
async function attendee(email: string) {
  const { page, context, errors } = await openPage(browser, PHONE);
  await signInAs(page, email);
  await page.evaluate(() => localStorage.setItem('demo:push_never', '1'));
  const { menu } = await authed<{ menu: MenuItem[] }>(page, 'demo', '/user/app-menu');
  const blogs = menu.find((i) => i.type === 'blogs');
  if (!blogs) throw new Error('no blogs module');
  return { page, context, errors, blogs };
}

/** The moderator's console on the demo app's queue (signed in through the console's own call). */
async function moderatorConsole() {
  const { page, context, errors } = await openPage(browser, DESKTOP);
  const res = await fetch(`${baseURL()}/console/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'mod@demo.test', password: 'demo1234!' }),
  });
  if (!res.ok) throw new Error(`console login: ${res.status}`);
  const { access_token } = (await res.json()) as { access_token: string };
  const me = (await (await fetch(`${baseURL()}/console/api/me`, { headers: { 'access-token': access_token } })).json()) as {
    apps: Array<{ id: number; key: string }>;
  };
  const demo = me.apps.find((a) => a.key === 'demo');
  if (!demo) throw new Error('the moderator has no demo app');
  await page.goto('/console/login');
  await page.evaluate((t) => localStorage.setItem('console_token', t), access_token);
  await page.goto(`/console/apps/${demo.id}/moderation`);
  await page.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
  return { page, context, errors };
}

const card = (page: Page, text: string) => page.locator('.moderation-card', { hasText: text });

describe('console moderation', () => {
  it('shows a report made in a second browser live, hides the post: its author still sees it, another member does not', async () => {
    const stamp = `Cheap tickets here ${Date.now()}`;
    // The author: a new member who posts in the demo blog.
    const email = `cleo.${Date.now()}@demo.test`;
    const { token } = await newConfirmedUser(email);
    await fetch(`${baseURL()}/user/profile`, {
      method: 'PUT',
      headers: { ...json, 'access-token': token },
      body: JSON.stringify({ first_name: 'Cleo', last_name: 'Poster', job_title: 'Reseller' }),
    });
    const anna = await attendee('anna@demo.test');
    const posted = await fetch(`${baseURL()}/content/${anna.blogs.app_module_id}/posts`, {
      method: 'POST',
      headers: { ...json, 'access-token': token },
      body: JSON.stringify({ text: `<p>${stamp}</p>` }),
    });
    expect(posted.status).toBe(200);
    const postId = ((await posted.json()) as { id: number }).id;
    const postPath = `/blogs/${anna.blogs.app_module_id}/post/${postId}`;

    const mod = await moderatorConsole();
    expect(await card(mod.page, stamp).count()).toBe(0);
    const bubble = () => mod.page.getByRole('navigation', { name: 'App areas' }).locator('.nav-bubble').textContent();
    const before = Number((await bubble().catch(() => '0')) ?? 0);

    // Anna reports it in the attendee app.
    await anna.page.goto(postPath);
    const post = anna.page.locator('.post-card');
    await post.locator('p', { hasText: stamp }).waitFor();
    await post.getByRole('button', { name: 'More actions' }).first().click();
    await anna.page.getByRole('menuitem', { name: 'Report', exact: true }).click();
    await anna.page.getByRole('dialog').getByRole('button', { name: 'Report', exact: true }).click();
    await anna.page.getByText('Content reported').first().waitFor();

    // The moderator's console shows it without a reload, and the bubble counts it.
    const reported = card(mod.page, stamp);
    await reported.waitFor({ timeout: 10_000 });
    await reported.getByText('Reported by Anna Novak').waitFor();
    await expect.poll(async () => Number(await bubble())).toBe(before + 1);
    expect(await seriousViolations(mod.page)).toEqual([]);

    // Hide it, with a reason (an empty one is refused beside the field).
    await reported.getByRole('button', { name: 'Hide', exact: true }).click();
    const dialog = mod.page.getByRole('dialog', { name: 'Hide this content?' });
    await dialog.getByRole('button', { name: 'Hide content' }).click();
    await dialog.getByText('Give a reason').waitFor();
    expect(await seriousViolations(mod.page)).toEqual([]);
    await dialog.getByLabel('Reason').fill('Ticket touting is not allowed');
    await dialog.getByRole('button', { name: 'Hide content' }).click();
    await mod.page.getByText('Content hidden').waitFor();
    await expect.poll(() => card(mod.page, stamp).count()).toBe(0);
    await mod.page.getByRole('tab', { name: 'Done' }).click();
    await card(mod.page, stamp).getByText('Reason: Ticket touting is not allowed').waitFor();

    // The author still sees the post; Ben does not, in the feed or by its address.
    const author = await openPage(browser, PHONE);
    await author.page.goto('/healthz');
    await author.page.evaluate((t) => {
      localStorage.setItem('demo:access_token', t);
      localStorage.setItem('demo:push_never', '1');
    }, token);
    await author.page.goto(postPath);
    await author.page.locator('.post-card').locator('p', { hasText: stamp }).waitFor();

    const ben = await attendee('ben@demo.test');
    const feed = await fetch(`${baseURL()}/content/${ben.blogs.app_module_id}/posts?per-page=50`, {
      headers: { ...json, 'access-token': await ben.page.evaluate(() => localStorage.getItem('demo:access_token') ?? '') },
    });
    expect(JSON.stringify(await feed.json())).not.toContain(stamp);
    await ben.page.goto(postPath);
    await ben.page.waitForLoadState('networkidle');
    expect(await ben.page.getByText(stamp).count()).toBe(0);

    for (const p of [anna, mod, author, ben]) expect(p.errors).toEqual([]);
    for (const p of [anna, mod, author, ben]) await p.context.close();
  });
});
