import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, openPage, PHONE, signInAs } from './lib/browser.ts';
import { signIn } from './lib/shell.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** The API reads a page makes over the network (not its chunks, pictures or the page itself). */
function apiReads(requests: Request[]): string[] {
  return requests
    .filter((r) => r.method() === 'GET' && r.resourceType() === 'fetch')
    .map((r) => new URL(r.url()))
    .filter((u) => u.origin === new URL(baseURL()).origin && !/\.[a-z0-9]+$/i.test(u.pathname))
    .map((u) => u.pathname + u.search);
}

describe('the first screen comes with the page', () => {
  it('a signed-in navigation shows the feed without asking for the menu or the posts', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    const news = (await signIn(page)).byType('news');
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.goto(news.url);
    await page.locator('.post-card').first().waitFor();
    const reads = apiReads(requests);
    expect(reads.filter((r) => r.startsWith('/user/app-menu') || r.startsWith(`/content/${news.app_module_id}/posts`))).toEqual([]);
    expect(reads.filter((r) => r.startsWith('/user/settings') || r.startsWith('/user/notification-preferences'))).toEqual([]);
    // The carried data is taken once: the element is gone, and a later visit of the page asks again.
    expect(await page.locator('#boot-data').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without the token cookie (another app`s token, or none) the page asks as before', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await signInAs(page, 'anna@demo.test');
    await context.clearCookies({ name: 'access_token_demo' });
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.goto('/');
    await page.waitForURL((u) => u.pathname !== '/');
    await page.locator('#main').waitFor();
    expect(apiReads(requests)).toContain('/user/app-menu');
    await context.close();
  });

  it('a repeat visit shows the kept page at once, then what changed since', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    const blog = (await signIn(page)).byType('blogs');
    // First visit: the service worker installs after the first screen; the second goes through it and is kept.
    await page.goto(blog.url);
    await page.locator('.post-card').first().waitFor();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
    await page.goto(blog.url);
    await page.locator('.post-card').first().waitFor();
    await expect
      .poll(() =>
        page.evaluate(async (u) => Boolean(await caches.match(new URL(u, location.origin).href, { cacheName: 'pages-v1' })), blog.url),
      )
      .toBe(true);

    // Meanwhile ben writes a post; anna's next visit starts from the kept page and then shows it.
    const title = `Kept page ${Date.now()}`;
    const login = await fetch(`${baseURL()}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'app-key': 'demo' },
      body: JSON.stringify({ email: 'ben@demo.test', password: 'demo1234!' }),
    });
    const { access_token: ben } = (await login.json()) as { access_token: string };
    const made = await fetch(`${baseURL()}/content/${blog.app_module_id}/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'access-token': ben },
      body: JSON.stringify({ title, text: `<p>${title}</p>` }),
    });
    expect(made.status).toBeLessThan(300);
    await page.goto(blog.url);
    await page.getByText(title).first().waitFor({ timeout: 15_000 });

    // Logging out forgets the kept pages (they hold the member's first screens).
    await page.goto('/logout');
    await page.waitForURL('**/login**');
    await expect
      .poll(() =>
        page.evaluate(async (u) => Boolean(await caches.match(new URL(u, location.origin).href, { cacheName: 'pages-v1' })), blog.url),
      )
      .toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
