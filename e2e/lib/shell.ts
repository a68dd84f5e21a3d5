import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL, DESKTOP, openPage, seriousViolations, signInAs } from './browser.ts';

export interface MenuItem {
  app_module_id: number;
  name: string;
  type: string;
  url: string;
  bubble: number[];
}

export interface ActivityItem {
  id: number;
  user: { id: number; fullname: string };
  click_url: string | null;
}

/** A signed-in GET with the token the page holds for this app. */
export async function authed<T>(page: Page, appKey: string, path: string): Promise<T> {
  const token = await page.evaluate((k) => localStorage.getItem(`${k}:access_token`), appKey);
  const res = await fetch(`${baseURL()}${path}`, { headers: { 'access-token': token ?? '', accept: 'application/json' } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/**
 * Signs anna in and returns the real menu (module ids come from GET /user/app-menu, not from guesses).
 * The push prompt is switched off unless a test is about it, so nothing moves under the clicks.
 */
export async function signIn(page: Page, opts: { app?: string; push?: boolean } = {}) {
  const app = opts.app ?? 'demo';
  await signInAs(page, 'anna@demo.test', app);
  if (!opts.push) await page.evaluate((k) => localStorage.setItem(`${k}:push_never`, '1'), app);
  const { menu } = await authed<{ menu: MenuItem[] }>(page, app, '/user/app-menu');
  const byType = (type: string) => {
    const m = menu.find((i) => i.type === type);
    if (!m) throw new Error(`no ${type} module`);
    return m;
  };
  const url = (m: MenuItem) => (app === 'demo' ? m.url : `${m.url}?app=${app}`);
  return { menu, byType, url };
}

/**
 * Signs a page into the demo app as a member the test made (its token and id, e.g. from
 * newConfirmedUser), with the push prompt switched off: the page is left on the app's origin.
 */
export async function useSession(page: Page, token: string, userId: number) {
  await page.goto('/healthz');
  await page.evaluate(
    ({ t, u }) => {
      localStorage.setItem('demo:access_token', t);
      localStorage.setItem('demo:user_id', u);
      localStorage.setItem('demo:push_never', '1');
      // biome-ignore lint/suspicious/noDocumentCookie: the token cookie the app keeps beside its storage (lib/session.ts)
      document.cookie = `access_token_demo=${encodeURIComponent(t)}; path=/`;
    },
    { t: token, u: String(userId) },
  );
}

export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
export const names = (scope: ReturnType<Page['locator']>) => scope.locator('.menu-entry-name').allTextContents();
export const settle = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
export const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Signs anna in to `app` and runs axe on its news and activity pages (with the right sidebar's feed on desktop). */
export async function expectNewsAndActivityAccessible(browser: Browser, app: string, viewport: { width: number; height: number }) {
  const { page, context } = await openPage(browser, viewport);
  const { byType, url } = await signIn(page, { app });
  for (const type of ['news', 'activity']) {
    await page.goto(url(byType(type)));
    await page.locator('#main .page-title').waitFor();
    if (type === 'activity') await page.locator('#main .activity-item').first().waitFor();
    if (viewport === DESKTOP && type !== 'activity') await page.locator('.right-sidebar .activity-item').first().waitFor();
    await settle(page);
    expect({ app, type, violations: await seriousViolations(page) }).toEqual({ app, type, violations: [] });
  }
  await context.close();
}
