import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, openPage, PHONE, ruleViolations } from './lib/browser.ts';
import {
  type ActivityItem,
  authed,
  expectNewsAndActivityAccessible,
  type MenuItem,
  mainMenu,
  names,
  signIn,
  startsWith,
} from './lib/shell.ts';

// Runs alone, before the parallel files (see README.md): these journeys count the demo app's
// activity feed, follow its first entry and audit what it shows, so they need the feed as seeded.
// Every journey that completes a profile in the demo app adds a "joined" entry to that feed,
// pushed over the socket to pages that are open.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe('app shell chrome: the activity feed', () => {
  it('desktop: the left sidebar carries bubbles and the right sidebar the recent activity', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    const { menu, byType, url } = await signIn(page);
    const first = menu[0] as MenuItem;
    await page.goto(url(first));
    const nav = mainMenu(page);
    await nav.getByRole('link').first().waitFor();
    expect(await names(nav)).toEqual(menu.map((m) => m.name));
    const bubble = (m: MenuItem) => nav.getByRole('link', { name: startsWith(m.name) }).locator('.menu-bubble');
    // Anna's unread demo chats, as the menu answer counts them (at least two in every demo).
    const unreadChats = byType('chats').bubble.length;
    expect(unreadChats).toBeGreaterThanOrEqual(2);
    expect(await bubble(byType('chats')).getAttribute('data-bubble')).toBe(String(unreadChats));
    expect(await bubble(byType('networking')).getAttribute('data-bubble')).toBe('2');
    expect(await bubble(byType('activity')).getAttribute('data-bubble')).toBe('dot');
    expect(await bubble(first).count()).toBe(0);
    expect(await nav.getByRole('link', { name: startsWith(first.name) }).getAttribute('aria-current')).toBe('page');
    expect(await page.locator('footer.app-footer').count()).toBe(0);
    // The whole left column is a landmark: brand, menu and footer alike (axe "region").
    const sidebar = page.getByRole('complementary', { name: 'App sidebar' });
    expect(await sidebar.getByRole('navigation', { name: 'Main menu' }).count()).toBe(1);
    expect(await sidebar.locator('.sidebar-brand').count()).toBe(1);
    expect(await sidebar.locator('.sidebar-foot').count()).toBe(1);
    expect(await ruleViolations(page, ['region', 'landmark-complementary-is-top-level', 'landmark-unique'])).toEqual([]);

    const feed = page.getByRole('complementary', { name: 'Recent activity' });
    await feed.locator('.activity-item').first().waitFor();
    // The first page's twenty, once the sidebar has drawn them all (it may draw them in two steps).
    await expect.poll(() => feed.locator('.activity-item').count()).toBe(20);
    expect(await feed.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe(byType('activity').url);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens an activity item at its click_url path and the avatar at the profile', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    const { menu, url } = await signIn(page);
    const [item] = await authed<ActivityItem[]>(page, 'demo', '/user/activity?per-page=1');
    if (!item?.click_url) throw new Error('the seed has an activity with a click_url');
    const path = new URL(item.click_url, 'http://x').pathname;
    await page.goto(url(menu[1] as MenuItem));
    const row = page.getByRole('complementary', { name: 'Recent activity' }).locator('.activity-item').first();
    await row.waitFor();
    expect(await row.getByRole('link', { name: `Open the profile of ${item.user.fullname}` }).getAttribute('href')).toBe(
      `/user/${item.user.id}`,
    );
    await row.locator('.activity-body').click();
    await page.waitForURL((u) => u.pathname === path);
    await context.close();
  });

  it('the activity page loads more on request', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    const { byType, url } = await signIn(page);
    await page.goto(url(byType('activity')));
    const items = page.locator('#main .activity-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(20);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(40);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('going back shows the cached page at its scroll position', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    const { byType, url } = await signIn(page);
    await page.goto(url(byType('activity')));
    const items = page.locator('#main .activity-item');
    await items.first().waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(40);
    const count = await items.count();
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1500);

    const news = byType('news');
    await page
      .locator('footer.app-footer')
      .getByRole('link', { name: startsWith(news.name) })
      .click();
    await page.waitForURL(`**${news.url}`);
    await page.locator('#main .page-title').waitFor();
    await page.goBack();
    await page.waitForURL(`**${byType('activity').url}`);
    // Both loaded pages come from the cache, and the scroll position is restored.
    await expect.poll(() => items.count()).toBe(count);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1500);
    expect(errors).toEqual([]);
    await context.close();
  });

  // These audit the feed as seeded, where every member has a photo. Once it shows a member without one
  // (any sign-up in the demo app), axe reports label-content-name-mismatch on that member's initials
  // avatar link ("Open the profile of …" around "TP"): an open defect of apps/web, not of this order.
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`has no serious accessibility violation on news and activity (demo, ${label})`, async () => {
      await expectNewsAndActivityAccessible(browser, 'demo', viewport);
    });
  }
});
