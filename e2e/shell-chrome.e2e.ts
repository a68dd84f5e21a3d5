import type { Browser, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askEveryRead, baseURL, DESKTOP, launch, openPage, PHONE, patchAppConfig, seriousViolations } from './lib/browser.ts';
import { expectNewsAndActivityAccessible, type MenuItem, mainMenu, names, settle, signIn, startsWith } from './lib/shell.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

// The journeys that count, follow or audit the demo app's activity feed are in activity-feed.alone.e2e.ts:
// sign-ups in other files add "joined" entries to that feed.
describe('app shell chrome', () => {
  it('phone: the footer shows 4 entries and Menu; the Menu panel lists the rest and navigates', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    const { menu, url } = await signIn(page);
    const first = menu[0] as MenuItem;
    await page.goto(url(first));
    const footer = page.locator('footer.app-footer').getByRole('navigation', { name: 'Main menu' });
    await footer.getByRole('link').first().waitFor();
    expect(await names(footer)).toEqual([...menu.slice(0, 4).map((m) => m.name), 'Menu']);
    expect(await footer.getByRole('link', { name: startsWith(first.name) }).getAttribute('aria-current')).toBe('page');
    expect(await page.locator('.left-sidebar').count()).toBe(0);

    await footer.getByRole('button', { name: /^Menu/ }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await panel.waitFor();
    expect(await names(panel)).toEqual(menu.slice(4).map((m) => m.name));

    const target = menu[5] as MenuItem;
    await panel.getByRole('link', { name: startsWith(target.name) }).click();
    await page.waitForURL(`**${target.url}`);
    await panel.waitFor({ state: 'hidden' });
    // The current module now sits in the panel, so the Menu entry is marked as current.
    expect(await footer.getByRole('button', { name: /^Menu/ }).getAttribute('class')).toContain('is-current');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('bubbles come from the socket, and coming back to the tab asks for them again', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    const { byType, url } = await signIn(page);
    // The menu answer loses its bubbles: whatever bubble shows up came over the socket (showBubble).
    await askEveryRead(page);
    await page.route('**/user/app-menu', async (route) => {
      const res = await route.fetch();
      const json = (await res.json()) as { menu: MenuItem[] };
      for (const m of json.menu) m.bubble = [];
      await route.fulfill({ response: res, json });
    });
    const sent: string[] = [];
    // What the client sends, over the websocket or, when it falls back to it, long polling.
    page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(String(f.payload))));
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/socket.io/')) sent.push(r.postData() ?? '');
    });
    await page.goto(url(byType('news')));
    const chats = mainMenu(page).getByRole('link', { name: startsWith(byType('chats').name) });
    const unreadChats = byType('chats').bubble.length;
    expect(unreadChats).toBeGreaterThanOrEqual(2);
    await chats.locator(`.menu-bubble[data-bubble="${unreadChats}"]`).waitFor();
    const asked = () => sent.filter((f) => f.includes('"getBubbles"')).length;
    const before = asked();
    // The connection itself asked once (spec 1 §7: getBubbles on connect).
    expect(before).toBe(1);
    await page.evaluate(() => {
      for (const state of ['hidden', 'visible']) {
        Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }
    });
    await expect.poll(asked).toBe(before + 1);
    await context.close();
  });

  it('the socket handshake carries the token and the interface locale', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    const { byType, url } = await signIn(page);
    const token = await page.evaluate(() => localStorage.getItem('demo:access_token'));
    await context.addCookies([{ name: 'locale', value: 'de_DE', url: baseURL() }]);
    const sent: string[] = [];
    page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(String(f.payload))));
    await page.goto(url(byType('news')));
    // Socket.IO's CONNECT packet: "40" and the auth object.
    await expect.poll(() => sent.find((f) => f.startsWith('40'))).toBeTruthy();
    const auth = JSON.parse(sent.find((f) => f.startsWith('40'))?.slice(2) ?? '{}') as unknown;
    expect(auth).toEqual({ token, locale: 'de_DE' });
    await context.close();
  });

  it('shows live bubble updates and the networking banner from socket events', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    const { byType, url } = await signIn(page);
    let socket: WebSocketRoute | undefined;
    const fromServer: string[] = [];
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      const server = ws.connectToServer();
      // Forward both ways by hand, noting what the server said, so events are injected only once connected.
      server.onMessage((m) => {
        fromServer.push(String(m));
        ws.send(m);
      });
      ws.onMessage((m) => server.send(m));
      socket = ws;
    });
    await page.goto(url(byType('agenda')));
    const chats = byType('chats');
    const bubble = mainMenu(page)
      .getByRole('link', { name: startsWith(chats.name) })
      .locator('.menu-bubble');
    await bubble.waitFor();
    // Wait for the server's own chats bubble, or it could land after the injected one and undo it.
    const chatsBubble = `"app_module_id":${chats.app_module_id}}`;
    await expect.poll(() => fromServer.some((m) => m.includes('"showBubble"') && m.includes(chatsBubble))).toBe(true);
    const send = (event: string, payload: unknown) => socket?.send(`42${JSON.stringify([event, payload])}`);

    send('showBubble', {
      module: { type: 'chats', app_module_id: chats.app_module_id },
      items: Array.from({ length: 120 }, (_, i) => i + 1),
    });
    await expect.poll(() => bubble.getAttribute('data-bubble')).toBe('99+');
    send('showBubble', { module: { type: 'chats', app_module_id: chats.app_module_id }, items: [] });
    await bubble.waitFor({ state: 'detached' });

    send('speedNetworking', { state: 'running', mode: 'speedNetworking' });
    const banner = page.getByRole('link', { name: 'Speed Networking Activated' });
    await banner.waitFor();
    expect(await banner.getAttribute('href')).toBe(`/networking/${byType('networking').app_module_id}/speed-networking`);
    expect(await page.locator('.safe-zone').getAttribute('class')).toContain('is-live');
    send('groupNetworking', { state: 'completed', mode: 'groupNetworking' });
    await page.getByRole('link', { name: 'Group Networking Activated' }).waitFor();
    send('groupNetworking', { state: 'stopped', mode: 'groupNetworking' });
    await page.getByRole('link', { name: 'Group Networking Activated' }).waitFor({ state: 'detached' });
    expect(await page.locator('.safe-zone').getAttribute('class')).not.toContain('is-live');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the dark app opens its large menu as a two-column tile grid', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    const { menu, url } = await signIn(page, { app: 'demo-dark' });
    await page.goto(url(menu[0] as MenuItem));
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await page.locator('footer.app-footer').count()).toBe(0);
    const button = page.getByRole('button', { name: /^Open menu/ });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.waitFor();
    const grid = dialog.locator('.tile-grid');
    expect(await names(grid)).toEqual(menu.map((m) => m.name));
    const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(2);
    const unreadChats = menu.find((m) => m.type === 'chats')?.bubble.length ?? 0;
    expect(unreadChats).toBeGreaterThanOrEqual(2);
    expect(await dialog.locator(`.menu-bubble[data-bubble="${unreadChats}"]`).count()).toBe(1);
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the page-style menu opens by itself once on the first module; ontop opens a drawer', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    const { menu, url } = await signIn(page);
    let style = 'page';
    await patchAppConfig(page, () => ({ menu_style: style }));
    const [first, second] = menu as [MenuItem, MenuItem];
    await page.goto(url(first));
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.waitFor();
    expect(await names(dialog.locator('.page-menu'))).toEqual(menu.map((m) => m.name));
    expect(await page.evaluate(() => localStorage.getItem('demo:menu_page_shown'))).toBe('1');
    await dialog.getByRole('link', { name: startsWith(second.name) }).click();
    await page.waitForURL(`**${second.url}`);
    await dialog.waitFor({ state: 'hidden' });
    await page.goto(url(first));
    await page.locator('#main .page-title').waitFor();
    await page.waitForTimeout(500);
    expect(await dialog.isVisible()).toBe(false);

    style = 'ontop';
    await page.reload();
    await page.getByRole('button', { name: /^Open menu/ }).click();
    await dialog.waitFor();
    expect(await dialog.getAttribute('class')).toContain('shell-dialog-drawer');
    expect(await names(dialog)).toEqual(menu.map((m) => m.name));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reports the PWA audit once per 10 days and a push-open from the query', async () => {
    const { page, context } = await openPage(browser, PHONE);
    const { byType, url } = await signIn(page);
    const audits: unknown[] = [];
    const tokens: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/pwa/audit') && r.method() === 'POST') {
        audits.push(r.postDataJSON());
        tokens.push(r.headers()['access-token']);
      }
    });
    const opened = page.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname === '/push-open/4711');
    // The shell reads the member's notification settings once it is up (asked, not carried by the page).
    await askEveryRead(page);
    const settings = page.waitForResponse((r) => new URL(r.url()).pathname === '/user/settings');
    await page.goto(`${url(byType('news'))}?push-open=4711`);
    await opened;
    expect(await (await settings).json()).toEqual({ notification_mode: 'all', inapp: { enabled: true }, push: { enabled: true } });
    await page.waitForURL((u) => !u.search.includes('push-open'));
    await expect.poll(() => audits.length, { timeout: 5000 }).toBe(1);
    expect(audits[0]).toEqual({ pwaAppMode: 'browser', isPreviewFrame: false, deviceType: 'mobile' });
    expect(tokens[0]).toMatch(/.{20,}/);
    const cookie = (await context.cookies()).find((c) => c.name === 'pwa_audit_demo');
    expect(Math.round(((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000)).toBe(10);
    await page.reload();
    await page.locator('#main .page-title').waitFor();
    await page.waitForTimeout(1500);
    expect(audits).toHaveLength(1);
    // A stale notification id answers 404: that must not open the "Whoops" dialog.
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog', { name: 'Whoops' }).count()).toBe(0);
    await context.close();
  });

  // The demo app's pair is in activity-feed.alone.e2e.ts: its feed holds the members other journeys sign up.
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`has no serious accessibility violation on news and activity (demo-dark, ${label})`, async () => {
      await expectNewsAndActivityAccessible(browser, 'demo-dark', viewport);
    });
  }

  it('keyboard: the skip link comes first and every menu entry is reachable', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    const { menu, url } = await signIn(page);
    await page.goto(url(menu[0] as MenuItem));
    await mainMenu(page).getByRole('link').first().waitFor();
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => ({ cls: document.activeElement?.className, text: document.activeElement?.textContent }));
    expect(first).toEqual({ cls: 'skip-link', text: 'Skip to content' });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

    await page.goto(url(menu[0] as MenuItem));
    await mainMenu(page).getByRole('link').first().waitFor();
    const reached: string[] = [];
    for (let i = 0; i < menu.length + 5; i++) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(() => document.activeElement?.querySelector('.menu-entry-name')?.textContent ?? null);
      if (name) reached.push(name);
    }
    expect(reached).toEqual(menu.map((m) => m.name));
    await context.close();
  });

  it('tapping the current module reloads its content instead of navigating', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    const { byType, url } = await signIn(page);
    const activity = byType('activity');
    await page.goto(url(activity));
    await page.locator('#main .activity-item').first().waitFor();
    const reload = page.waitForRequest((r) => r.url().includes('/user/activity'));
    await mainMenu(page)
      .getByRole('link', { name: startsWith(activity.name) })
      .click();
    await reload;
    expect(new URL(page.url()).pathname).toBe(activity.url);
    await context.close();
  });

  it('dims the sidebar while the profile is incomplete', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    const { byType, url } = await signIn(page);
    await askEveryRead(page);
    await page.route('**/user/app-menu', async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...((await res.json()) as object), is_profile_completed: [] } });
    });
    await page.goto(url(byType('news')));
    await page.waitForURL((u) => u.pathname === `/profile/${byType('profile').app_module_id}/edit`);
    const news = mainMenu(page).getByRole('link', { name: startsWith(byType('news').name) });
    await news.waitFor();
    expect(await news.getAttribute('aria-disabled')).toBe('true');
    await news.click({ force: true });
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe(`/profile/${byType('profile').app_module_id}/edit`);
    await context.close();
  });

  it('asks for push about a second after load; "Ask me later" stores the decline', async () => {
    const { page, context } = await openPage(browser, PHONE);
    const { byType, url } = await signIn(page, { push: true });
    await page.goto(url(byType('news')));
    const prompt = page.getByRole('region', { name: 'Turn on notifications?' });
    await prompt.waitFor();
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await prompt.getByRole('button', { name: 'Ask me later' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('demo:push_denied'))).toBe('1');
    await page.reload();
    await page.locator('#main .page-title').waitFor();
    await page.waitForTimeout(1500);
    expect(await prompt.count()).toBe(0);
    await context.close();
  });

  it('offers installation on an iPhone; "Not now" leaves an Install app entry in the menu', async () => {
    const context = await browser.newContext({ viewport: PHONE, baseURL: baseURL(), userAgent: IPHONE_SAFARI });
    const page = await context.newPage();
    const { byType, url } = await signIn(page, { push: true });
    await page.goto(url(byType('news')));
    const prompt = page.getByRole('dialog', { name: 'Install Open Summit 2026' });
    await prompt.waitFor();
    expect(await prompt.getByText('Add to Home Screen').count()).toBe(1);
    // One prompt at a time: the push card waits for the install dialog, then comes about a second later.
    const push = page.getByRole('region', { name: 'Turn on notifications?' });
    await page.waitForTimeout(1500);
    expect(await push.count()).toBe(0);
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await prompt.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('demo:install_hidden'))).toBe('1');
    await push.waitFor();
    await push.getByRole('button', { name: 'Ask me later' }).click();

    await page.getByRole('button', { name: /^Menu/ }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await panel.getByRole('button', { name: 'Install app' }).click();
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Use Web Version' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await page.reload();
    await page.locator('#main .page-title').waitFor();
    await page.getByRole('button', { name: /^Menu/ }).click();
    await panel.waitFor();
    expect(await panel.getByRole('button', { name: 'Install app' }).count()).toBe(0);
    expect(await prompt.isVisible()).toBe(false);
    await context.close();
  });
  it('logout removes the push subscription (server, then browser) before signing out, and never waits on it', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    const endpoint = `https://push.example.test/e2e-${Date.now()}`;
    // The browser's push subscription, faked: headless Chromium has no push service. Ending it
    // makes a marker request, so its place among the calls shows.
    await page.addInitScript((ep) => {
      const subscription = {
        endpoint: ep,
        toJSON: () => ({ endpoint: ep, keys: { p256dh: 'PUBLIC-KEY', auth: 'AUTH-SECRET' } }),
        unsubscribe: async () => {
          await fetch('/healthz?e2e=unsubscribed');
          return true;
        },
      };
      const registration = { pushManager: { getSubscription: async () => subscription } };
      if (navigator.serviceWorker) Object.defineProperty(navigator.serviceWorker, 'getRegistration', { value: async () => registration });
    }, endpoint);
    const calls: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/push-subscription') || u.pathname === '/auth/logout' || u.search === '?e2e=unsubscribed') {
        calls.push(`${r.method()} ${u.pathname}${u.search}`);
      }
    });

    const { byType, url } = await signIn(page);
    const token = await page.evaluate(() => localStorage.getItem('demo:access_token'));
    const body = { endpoint, public_key: 'PUBLIC-KEY', auth_token: 'AUTH-SECRET', encoding: 'aes128gcm' };
    const registered = await fetch(`${baseURL()}/push-subscription`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'access-token': token ?? '' },
      body: JSON.stringify(body),
    });
    expect(registered.status).toBe(200);
    await page.goto(url(byType('news')));
    await page.locator('#main .page-title').waitFor();

    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE');
    await page.goto('/logout');
    const answer = await deleted;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual(body);
    await page.waitForURL('**/login');
    expect(calls).toEqual(['DELETE /push-subscription/0', 'GET /healthz?e2e=unsubscribed', 'POST /auth/logout']);
    // The logout ends in a full page load of /login; read storage once that page stands (a read during
    // the load fails with "execution context was destroyed", seen once in CI).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('demo:access_token')).catch(() => 'still loading')).toBeNull();

    // A failing DELETE does not stop the logout, nor open a dialog.
    calls.length = 0;
    await page.route('**/push-subscription/0', (route) => route.fulfill({ status: 500, json: { message: 'down' } }));
    await signIn(page);
    const second = await page.evaluate(() => localStorage.getItem('demo:access_token'));
    await page.goto(url(byType('news')));
    await page.locator('#main .page-title').waitFor();
    await page.goto('/logout');
    await page.waitForURL('**/login');
    expect(calls).toEqual(['DELETE /push-subscription/0', 'GET /healthz?e2e=unsubscribed', 'POST /auth/logout']);
    const menu = await fetch(`${baseURL()}/user/app-menu`, { headers: { 'access-token': second ?? '' } });
    expect(menu.status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });
});
