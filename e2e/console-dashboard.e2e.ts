import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, openPage, PHONE, seriousViolations } from './lib/browser.ts';
import { fillConsoleSignIn, openDarkAppDashboard, scrollsSideways, wideElements } from './lib/console.ts';

/** The console's dashboard (figures, charts, CSV) and audit log, as an app owner uses them. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe('console dashboard', () => {
  it('shows the figures with charts, switches the period, shows a table and downloads CSV', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await openDarkAppDashboard(page);

    // The home is the dashboard: member figures, then a card with a chart per figure.
    await page.getByRole('heading', { level: 1, name: /dashboard/ }).waitFor();
    await page.getByText('Active in the last 7 days').waitFor();
    const posts = page.locator('section.card').filter({ has: page.getByRole('heading', { name: 'Posts', exact: true }) });
    await posts.locator('canvas').first().waitFor();
    expect(await page.locator('.dash-chart canvas').count()).toBeGreaterThanOrEqual(8);
    expect(await page.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: '7 days' }).click();
    await expect.poll(() => page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    // The chart's words as a table: one row per day of the week.
    await posts.getByRole('button', { name: 'Show as table' }).click();
    const table = posts.getByRole('table', { name: 'Posts per day' });
    await table.waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(8);
    expect(await seriousViolations(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await posts.getByRole('button', { name: 'Export CSV (Posts)' }).click();
    const file = await download;
    const text = fs.readFileSync((await file.path()) as string, 'utf8');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('date,metric,value');
    expect(lines).toHaveLength(8);
    expect(lines.slice(1).every((l) => l.split(',')[1] === 'posts')).toBe(true);

    const all = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export all as CSV' }).click();
    expect((await all).suggestedFilename()).toMatch(/^demo-dark-all-7d\.csv$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone, and the audit log lists a sign-out made in the console', async () => {
    // An owner signs in and out: the sign-out is a console action.
    const first = await openPage(browser, DESKTOP);
    await first.page.goto('/console/login');
    await fillConsoleSignIn(first.page, 'admin@demo.test');
    await first.page.waitForURL(/\/console$/);
    await first.page.getByRole('button', { name: /Account/ }).click();
    await first.page.getByRole('button', { name: 'Sign out' }).click();
    await first.page.waitForURL(/\/console\/login$/);
    await first.context.close();

    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto('/console/apps/1');
    await page.waitForURL(/\/console\/login\?return=/);
    await fillConsoleSignIn(page, 'admin@demo.test');
    await page.waitForURL(/\/console\/apps\/1$/);
    await page.locator('.dash-chart canvas').first().waitFor();
    // Once its styles are in (a busy machine may paint the chunk a moment before them).
    await expect.poll(() => wideElements(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/console/apps/1/audit');
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const log = page.getByRole('table', { name: 'Audit log' });
    await log.getByText('session.logout').first().waitFor();
    await page.getByLabel('Search (action, person, target)').fill('logout');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => log.getByText('session.login').count()).toBe(0);
    await log.getByText('Signed out of the console').first().waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
