import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser } from './lib/accounts.ts';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations } from './lib/browser.ts';
import { png } from './lib/images.ts';
import { authed, type MenuItem, settle, signIn } from './lib/shell.ts';

// Marketplace and social wall: a member searches the listings, opens one, copies its link and reports
// it, then offers an item with a photo that a second member sees appear live, and deletes it again;
// the walls show their seeded posts. What it writes is its own (new members, their own listing).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** A new member of the demo app with a name, signed in on a page of its own. */
async function newMember(viewport: { width: number; height: number }, first: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const { token } = await newConfirmedUser(`market.${stamp}@demo.test`);
  const res = await fetch(`${baseURL()}/user/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'app-key': 'demo', 'access-token': token },
    body: JSON.stringify({ first_name: first, last_name: `Trader${stamp}`, job_title: 'Attendee' }),
  });
  if (!res.ok) throw new Error(`profile: ${res.status}`);
  const { page, context, errors } = await openPage(browser, viewport);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
  await page.goto('/healthz');
  await page.evaluate((t) => {
    localStorage.setItem('demo:access_token', t);
    localStorage.setItem('demo:push_never', '1');
  }, token);
  const { menu } = await authed<{ menu: MenuItem[] }>(page, 'demo', '/user/app-menu');
  const market = menu.find((i) => i.type === 'marketplace');
  if (!market) throw new Error('no marketplace module');
  return { page, context, errors, market, name: `${first} Trader${stamp}` };
}

describe('marketplace', () => {
  it('search, open, copy link, report; a new listing with a photo appears live for another member and goes when deleted', async () => {
    const me = await newMember(PHONE, 'Sam');
    const other = await newMember(DESKTOP, 'Kim');
    const { page } = me;
    await page.goto(me.market.url);
    await page.getByRole('heading', { name: 'Marketplace', level: 1 }).waitFor();
    const cards = page.locator('.market-grid a');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(12);
    expect(await seriousViolations(page), 'list, phone').toEqual([]);

    const search = page.getByRole('searchbox', { name: 'Search listings' });
    await search.fill('standing desk');
    await page
      .getByRole('status')
      .filter({ hasText: /^2 listings$/ })
      .waitFor();
    await page.locator('.market-grid a', { hasText: 'Electric standing desk' }).click();
    await page.getByRole('heading', { name: 'Electric standing desk, 140 × 70 cm', level: 1 }).waitFor();
    await page.locator('.market-item-price', { hasText: '240 €' }).waitFor();
    await page.getByRole('button', { name: 'Contact seller' }).waitFor();
    expect(await seriousViolations(page), 'item, phone').toEqual([]);

    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Copy link' }).click();
    await page.getByText('Link copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    await page.getByRole('dialog', { name: 'Report this listing?' }).getByRole('button', { name: 'Report', exact: true }).click();
    await page.getByText('Content reported').first().waitFor();

    // The other member watches the list while this one sells something.
    await other.page.goto(other.market.url);
    await other.page.locator('.market-grid a').first().waitFor();
    const title = `Spare conference lanyard ${Date.now()}`;
    await page.goto(me.market.url);
    await page.getByRole('button', { name: 'Sell an item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sell an item' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Price').fill('4.50');
    await dialog.getByLabel('Description').fill('Never used.\n\nPick it up at the info desk.');
    const uploaded: number[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && r.url().endsWith('/uploads')) void r.json().then((a: { id: number }) => uploaded.push(a.id));
    });
    await dialog.locator('input[type=file]').setInputFiles([
      { name: 'lanyard.png', mimeType: 'image/png', buffer: png(64) },
      { name: 'badge.png', mimeType: 'image/png', buffer: png(48) },
    ]);
    await dialog.locator('.market-photo-chips img').nth(1).waitFor();
    await settle(page);
    expect(await seriousViolations(page), 'listing form').toEqual([]);
    // The second photo made the cover by keyboard; the focus follows it (right, then left at the end).
    await dialog.getByRole('button', { name: 'Make cover: badge.png' }).focus();
    await page.keyboard.press('Enter');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(await focused()).toBe('Move photo badge.png right');
    await page.keyboard.press('Enter');
    expect(await focused()).toBe('Move photo badge.png left');
    await page.keyboard.press('Enter');
    await dialog.locator('.market-photo-cover').waitFor();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.locator('.market-item-price', { hasText: '4.50 €' }).waitFor();
    expect(uploaded).toHaveLength(2);
    expect(await page.locator('.market-photo img').first().getAttribute('src')).toContain(`/files/${uploaded[1]}?`);

    const live = other.page.locator('.market-grid a', { hasText: title });
    await live.waitFor();
    expect(await live.locator('img').first().getAttribute('src')).toContain(`/files/${uploaded[1]}?`);
    await page.getByRole('button', { name: 'Delete' }).first().click();
    await page.getByRole('dialog', { name: 'Delete this listing?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Listing deleted').waitFor();
    await live.waitFor({ state: 'detached' });
    expect(me.errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await me.context.close();
    await other.context.close();
  });
});

describe('social wall and the dark app', () => {
  it('the walls show their cached posts; the dark marketplace and wall pass axe on a desktop', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    const light = await signIn(page);
    await page.goto(light.url(light.byType('twitter')));
    await page.getByRole('heading', { name: 'Social wall', level: 1 }).waitFor();
    const posts = page.locator('.wall-post');
    await posts.first().waitFor();
    expect(await posts.count()).toBeGreaterThanOrEqual(4);
    const original = posts.first().getByRole('link', { name: /Open the original/ });
    expect(await original.getAttribute('target')).toBe('_blank');
    expect(await original.getAttribute('rel')).toContain('noopener');
    await page.getByText(/^Updated /).waitFor();
    expect(await seriousViolations(page), 'wall, light desktop').toEqual([]);

    const dark = await signIn(page, { app: 'demo-dark' });
    await page.goto(dark.url(dark.byType('marketplace')));
    await page.locator('.market-grid a').first().waitFor();
    await page.locator('.market-card-price', { hasText: '$' }).first().waitFor();
    expect(await seriousViolations(page), 'marketplace, dark desktop').toEqual([]);
    await page.goto(dark.url(dark.byType('twitter')));
    await page.locator('.wall-post').first().waitFor();
    expect(await seriousViolations(page), 'wall, dark desktop').toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
