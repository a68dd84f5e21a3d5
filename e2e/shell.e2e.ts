import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askEveryRead,
  baseURL,
  DESKTOP,
  launch,
  openPage,
  PHONE,
  patchAppConfig,
  rewritePageMeta,
  seriousViolations,
  signInAs,
} from './lib/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** A fresh token of anna's (as POST /auth/login answers it) and her chats module's url. */
async function annaToken(): Promise<{ token: string; userId: number; chatsUrl: string }> {
  const res = await fetch(`${baseURL()}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'app-key': 'demo' },
    body: JSON.stringify({ email: 'anna@demo.test', password: 'demo1234!' }),
  });
  const { access_token: token, user_id: userId } = (await res.json()) as { access_token: string; user_id: number };
  const menu = (await (await fetch(`${baseURL()}/user/app-menu`, { headers: { 'access-token': token } })).json()) as {
    menu: Array<{ type: string; url: string }>;
  };
  const chats = menu.menu.find((m) => m.type === 'chats');
  if (!chats) throw new Error('no chats module');
  return { token, userId, chatsUrl: chats.url };
}

describe('app shell', () => {
  it('sends a logged-out visitor to the login page of the branded app', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    await page.goto('/');
    await page.waitForURL('**/login');
    await expect(page.title()).resolves.toBe('Open Summit 2026');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves the dark app with its own branding', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await page.goto('/login?app=demo-dark');
    await expect(page.title()).resolves.toBe('Nightline Community');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(17, 20, 24)');
    await context.close();
  });

  it('shows the full-screen 404 for an unknown path', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await signInAs(page, 'anna@demo.test');
    await page.goto('/no/such/page/here');
    await page.getByRole('heading', { name: 'Whoops' }).waitFor();
    expect(await page.getByText('Please contact the app owner').count()).toBe(1);
    await context.close();
  });

  it('opens the 404 dialog for a module of another app; OK goes to the first module', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await signInAs(page, 'anna@demo.test');
    // Module 22 is the dark app's news: not anna's.
    await page.goto('/news/22');
    const dialog = page.getByRole('dialog', { name: 'Whoops' });
    await dialog.waitFor();
    await dialog.getByText('does not exist or you do not have rights').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname === '/news/1');
    expect(await dialog.isVisible()).toBe(false);
    await context.close();
  });
  it('stores the time format and the currency of the app config in cookies at start', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    const jar = async () => {
      const wanted = ['timeFormat', 'currency_before', 'currency_symbol'];
      const cookies = (await context.cookies()).filter((c) => wanted.includes(c.name));
      return Object.fromEntries(
        cookies.map((c) => [
          c.name,
          { value: decodeURIComponent(c.value), days: Math.round((c.expires * 1000 - Date.now()) / 86_400_000) },
        ]),
      );
    };
    await page.goto('/login');
    await page.locator('h1').waitFor();
    // Written just after the first screen (the browser answers cookie calls slowly while a page starts).
    await expect.poll(jar).toEqual({
      timeFormat: { value: '24H', days: 365 },
      currency_before: { value: '0', days: 365 },
      currency_symbol: { value: '€', days: 365 },
    });
    await page.goto('/login?app=demo-dark');
    await page.locator('h1').waitFor();
    await expect.poll(jar).toEqual({
      timeFormat: { value: '12H', days: 365 },
      currency_before: { value: '1', days: 365 },
      currency_symbol: { value: '$', days: 365 },
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a menu that fails to load shows an error with "Try again" on the same url, not the login', async () => {
    const { page, errors, context } = await openPage(browser, DESKTOP);
    await signInAs(page, 'anna@demo.test');
    await askEveryRead(page);
    let fail = true;
    await page.route('**/user/app-menu', (route) =>
      fail ? route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }) : route.fallback(),
    );
    await page.goto('/news/1?goTo=comments');
    await page.getByRole('heading', { level: 1, name: 'The app could not be loaded' }).waitFor();
    await page.getByText('Check your internet connection and try again.').waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/news/1?goTo=comments');
    expect(await page.evaluate(() => localStorage.getItem('demo:access_token'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('demo:return_url'))).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);

    // Still failing: the page stays.
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForTimeout(300);
    await page.getByRole('heading', { level: 1, name: 'The app could not be loaded' }).waitFor();

    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('#main .page-title').waitFor();
    expect(new URL(page.url()).pathname).toBe('/news/1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an app config that fails to load (not 451 or 423) shows "Try again", not "App is unavailable"', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    // The page comes without its inline config, so the client must ask, and the server fails.
    await rewritePageMeta(page, ({ app_config: _, ...meta }) => meta);
    let fail = true;
    await page.route('**/user/app-config*', (route) =>
      fail ? route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }) : route.fallback(),
    );
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'The app could not be loaded' }).waitFor();
    expect(await page.getByRole('heading', { name: 'App is unavailable' }).count()).toBe(0);
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('link', { name: 'Continue with e-mail' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('audits a logged-out visitor too, without a token, once', async () => {
    const { page, context } = await openPage(browser, PHONE);
    const audits: Array<Record<string, string>> = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/pwa/audit') && r.method() === 'POST') audits.push(r.headers());
    });
    await page.goto('/login');
    await expect.poll(() => audits.length, { timeout: 5000 }).toBe(1);
    expect(audits[0]?.['access-token']).toBeUndefined();
    expect(audits[0]?.['app-key']).toBe('demo');
    await page.reload();
    await page.getByRole('link', { name: 'Continue with e-mail' }).waitFor();
    await page.waitForTimeout(1500);
    expect(audits).toHaveLength(1);
    await context.close();
  });

  it('shows the app logo on the sign-in screens when the app has one', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await patchAppConfig(page, () => ({ app_logo: '/app-icon.svg?app=demo-dark' }));
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with e-mail' }).waitFor();
    expect(await page.locator('.auth-brand img').getAttribute('src')).toBe('/app-icon.svg?app=demo-dark');
    await context.close();
  });

  it('an ?access-token= link (routing rule 2) signs the member in as herself: her chat messages are hers', async () => {
    const { page, errors, context } = await openPage(browser, DESKTOP);
    const { token, userId, chatsUrl } = await annaToken();
    await page.goto(`${chatsUrl}?access-token=${token}`);
    await page.waitForURL((url) => url.pathname === chatsUrl && !url.searchParams.has('access-token'));
    await page.getByRole('link', { name: /Speakers lounge/ }).click();
    // Her own message is marked as hers and offers Edit; Ben's is not hers.
    const own = page.locator('.message.is-mine', { hasText: 'Welcome everyone!' });
    await own.waitFor();
    expect(await page.locator('.message.is-mine', { hasText: 'Is there a clicker in room A?' }).count()).toBe(0);
    await own.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    // The session keeps the id the server named with the token.
    expect(await page.evaluate(() => localStorage.getItem('demo:user_id'))).toBe(String(userId));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names pages outside any module in the phone header, not with the app name', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    await signInAs(page, 'anna@demo.test');
    await page.evaluate(() => localStorage.setItem('demo:push_never', '1'));
    const header = page.locator('.app-header-title');
    await page.goto('/networking/meets/index');
    await page.getByRole('heading', { level: 1, name: 'My 1:1 meets' }).waitFor();
    await expect.poll(() => header.textContent()).toBe('My 1:1 meets');
    await expect(page.title()).resolves.toBe('My 1:1 meets · Open Summit 2026');
    // Another member's profile (/user/:id): their name, as the page's own heading.
    const ben = await fetch(`${baseURL()}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'app-key': 'demo' },
      body: JSON.stringify({ email: 'ben@demo.test', password: 'demo1234!' }),
    });
    const { user_id: benId } = (await ben.json()) as { user_id: number };
    await page.goto(`/user/${benId}`);
    const name = await page.locator('#main h1').textContent();
    expect(name).toMatch(/^Ben /);
    await expect.poll(() => header.textContent()).toBe(name);
    // A module's page keeps the module's name.
    await page.goto('/news/1');
    await page.locator('#main .page-title').waitFor();
    await expect.poll(() => header.textContent()).toBe('News');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('never uses an admin token outside the preview frame', async () => {
    const { page, errors, context } = await openPage(browser, DESKTOP);
    await signInAs(page, 'anna@demo.test');
    const accessToken = await page.evaluate(() => localStorage.getItem('demo:access_token'));
    await page.evaluate(() => localStorage.setItem('demo:admin_token', 'left-over-admin-token'));
    // The menu is asked for (not carried by the page), so the token it goes with can be seen.
    await askEveryRead(page);
    const sent: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/user/app-menu') sent.push(r.headers()['access-token']);
    });
    await page.goto('/news/1');
    await page.locator('#main .page-title').waitFor();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((t) => t === accessToken)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('demo:admin_token'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in the preview frame, takes the admin token from the parent only', async () => {
    const { page, errors, context } = await openPage(browser, DESKTOP);
    const res = await fetch(`${baseURL()}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'app-key': 'demo' },
      body: JSON.stringify({ email: 'anna@demo.test', password: 'demo1234!' }),
    });
    const { access_token: adminToken } = (await res.json()) as { access_token: string };
    const { chatsUrl } = await annaToken();
    // An admin page (same origin here) that embeds the app and notes its requests for a token.
    await page.route('**/e2e-preview-host', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Admin</title><iframe id="app" title="Preview" src="/news/1" width="1200" height="800"></iframe>
<script>window.asked = 0; addEventListener('message', (e) => { if (e.data && e.data.type === 'requestAdminToken') window.asked++; });</script>`,
      }),
    );
    const sent: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/user/app-menu') sent.push(r.headers()['access-token']);
    });
    await page.goto('/e2e-preview-host');
    await expect.poll(() => page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(1);
    const frame = page.frameLocator('#app');
    await frame.getByRole('heading', { level: 1 }).first().waitFor();

    // A message from anywhere but the parent (here the frame itself) is ignored.
    const app = page.frames().find((f) => f !== page.mainFrame());
    if (!app) throw new Error('the app frame is missing');
    await app.evaluate(() => window.postMessage({ type: 'adminToken', token: 'forged-token' }, '*'));
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => localStorage.getItem('demo:admin_token'))).toBeNull();

    // The parent's answer is taken: the frame reloads and signs in with it.
    const reloaded = page.waitForRequest((r) => new URL(r.url()).pathname === '/user/app-menu');
    await page.evaluate(
      (token) => (document.getElementById('app') as HTMLIFrameElement).contentWindow?.postMessage({ type: 'adminToken', token }, '*'),
      adminToken,
    );
    expect((await reloaded).headers()['access-token']).toBe(adminToken);
    await frame.locator('#main .page-title').waitFor();
    expect(sent).toEqual([adminToken]);
    // The frame knows whose token it holds: the admin's own messages are theirs.
    await app.goto(chatsUrl);
    await frame.getByRole('link', { name: /Speakers lounge/ }).click();
    await frame.locator('.message.is-mine', { hasText: 'Welcome everyone!' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
