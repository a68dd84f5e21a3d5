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

describe('a phone gets its first screen rendered by the server', () => {
  const MOBILE_UA = 'Mozilla/5.0 (Linux; Android 11; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';

  /** A phone signed in as anna whose next navigation to `type`'s module is rendered by the server. */
  async function phoneWithServerScreen(type: string) {
    const context = await browser.newContext({ viewport: PHONE, baseURL: baseURL(), userAgent: MOBILE_UA });
    const page = await context.newPage();
    const errors: string[] = [];
    const redrawn: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.text().includes('first screen: redrawn')) redrawn.push(m.text());
      if (m.type() === 'error' && /Content.Security.Policy/i.test(m.text())) errors.push(m.text());
    });
    const module = (await signIn(page)).byType(type);
    // The phone's time zone, as the app writes it once it has run (main.tsx).
    await page.evaluate(() => {
      // biome-ignore lint/suspicious/noDocumentCookie: the app's own cookie, set as the app sets it
      document.cookie = `tz=${Intl.DateTimeFormat().resolvedOptions().timeZone}; path=/`;
    });
    // The page itself holds the screen (the server's worker may still be loading the app on its first page).
    let html = '';
    await expect
      .poll(async () => (html = await (await page.request.get(module.url, { headers: { accept: 'text/html' } })).text()), {
        timeout: 20_000,
      })
      .toContain('data-first-screen="server"');
    return { context, page, errors, redrawn, url: module.url, html: () => html };
  }

  it('paints the feed from the HTML, then the app takes over the same markup and works', async () => {
    const { context, page, errors, redrawn, url } = await phoneWithServerScreen('news');
    // Marks the first post's node as the HTML made it: the app must keep it (hydration), not draw another.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as { serverPost?: Element | null }).serverPost = document.querySelector('#root .post-card');
      });
    });
    await page.goto(url);
    await page.locator('.post-card').first().waitFor();
    // The app has taken the markup over once React has marked the server's node as its own.
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(document.querySelector('.post-card .post-like') ?? {}).some((k) => k.startsWith('__react'))),
      )
      .toBe(true);
    // Hydrated: the like button answers (its state changes), and it is still the server's node.
    const like = page.locator('.post-card .post-like').first();
    const before = await like.getAttribute('aria-pressed');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).not.toBe(before);
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe(before);
    expect(await page.evaluate(() => (window as { serverPost?: Element | null }).serverPost?.isConnected)).toBe(true);
    expect(redrawn).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a screen that leads with pictures paints them before the app starts, then the app takes over', async () => {
    const { context, page, errors, redrawn, url, html } = await phoneWithServerScreen('marketplace');
    // The entry is started by the page's loader (lib/entry-gate.ts), not asked for in the head.
    expect(html()).not.toContain('<script type="module"');
    expect(html()).toContain('data-entry="/js/index-');
    const ended: Array<{ url: string; at: number }> = [];
    const started: Array<{ url: string; at: number }> = [];
    page.on('request', (r) => started.push({ url: r.url(), at: Date.now() }));
    page.on('requestfinished', (r) => ended.push({ url: r.url(), at: Date.now() }));
    await page.goto(url);
    const card = page.locator('a.market-card').first();
    await card.waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(document.querySelector('#root a.market-card') ?? {}).some((k) => k.startsWith('__react'))),
      )
      .toBe(true);
    // The leading photos had arrived when the entry was asked for (the CSP let the loader run).
    const photos = await page.evaluate(() =>
      [...document.querySelectorAll('#root img')]
        .filter((i) => i.getAttribute('fetchpriority') === 'high')
        .map((i) => (i as HTMLImageElement).src),
    );
    expect(photos.length).toBeGreaterThan(0);
    const entry = started.find((r) => /\/js\/index-[^/]+\.js$/.test(r.url));
    expect(entry).toBeDefined();
    for (const photo of photos) {
      const done = ended.find((r) => r.url === photo);
      expect(done, photo).toBeDefined();
      expect(done?.at ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(entry?.at ?? 0);
    }
    // Hydrated: a card opens its item in the app (no page load).
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });
    await card.click();
    await page.waitForURL(/\/marketplace\/\d+\/\d+/);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(redrawn).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
