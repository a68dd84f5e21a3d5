import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, openPage, PHONE, seriousViolations } from './lib/browser.ts';
import { fillConsoleSignIn, scrollsSideways, wideElements } from './lib/console.ts';

/** The organiser console's frame: sign-in, the apps list, an app's sidebar, language and sign-out. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe('console shell', () => {
  it('signs an operator in, lists the apps, opens one, speaks German on request and signs out', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await page.goto('/console');
    await page.waitForURL(/\/console\/login$/);
    await expect.poll(() => page.title()).toContain('Sign in to the console');
    expect(await seriousViolations(page)).toEqual([]);

    // A wrong password: the message stands beside the password field.
    await fillConsoleSignIn(page, 'admin@demo.test', 'not-the-password');
    const passwordError = page.locator('.field-error');
    await passwordError.waitFor();
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');

    await fillConsoleSignIn(page, 'admin@demo.test');
    await page.waitForURL(/\/console$/);
    const table = page.getByRole('table', { name: 'Apps' });
    await table.getByRole('cell', { name: 'demo-dark', exact: true }).waitFor();
    await table.getByRole('cell', { name: 'demo', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Create app' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await table.getByRole('row').filter({ hasText: 'demo-dark' }).getByRole('link').click();
    await page.waitForURL(/\/console\/apps\/\d+$/);
    const sidebar = page.getByRole('navigation', { name: 'App areas' });
    await sidebar.getByRole('link', { name: 'Members' }).click();
    await page.waitForURL(/\/console\/apps\/\d+\/members$/);
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    await expect.poll(() => page.title()).toContain('Members');

    // German from the user menu: the labels change without a reload.
    await page.getByRole('button', { name: /Account/ }).click();
    await page.getByLabel('Language').selectOption('de_DE');
    await page.getByRole('navigation', { name: 'Bereiche der App' }).getByRole('link', { name: 'Mitglieder' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Mitglieder' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL(/\/console\/login$/);
    await page.getByRole('heading', { name: 'Bei der Konsole anmelden' }).waitFor();
    // The token is gone: the console sends a reload back to sign-in.
    expect(await page.evaluate(() => localStorage.getItem('console_token'))).toBeNull();
    await page.goto('/console/apps/1');
    await page.waitForURL(/\/console\/login\?return=%2Fconsole%2Fapps%2F1$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses an attendee with a message, and brings an owner back where they were going', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await page.goto('/console/apps/1/moderation');
    await page.waitForURL(/\/console\/login\?return=/);
    await fillConsoleSignIn(page, 'anna@demo.test');
    const error = page.locator('.field-error');
    await error.waitFor();
    expect((await error.textContent())?.length).toBeGreaterThan(5);
    expect(page.url()).toContain('/console/login');

    await fillConsoleSignIn(page, 'mod@demo.test');
    await page.waitForURL(/\/console\/apps\/1\/moderation$/);
    // A moderator's sidebar has the queue and nothing else.
    const links = page.getByRole('navigation', { name: 'App areas' }).getByRole('link');
    // (Its open count follows the name as a bubble: "Moderation 5 open reports".)
    await expect
      .poll(async () => (await links.allTextContents()).map((x) => x.replace(/\d+\s*\d* open reports?$/, '')))
      .toEqual(['Moderation']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone: no sideways scrolling, the sidebar behind a menu button', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto('/console/login');
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await fillConsoleSignIn(page, 'admin@demo.test');
    await page.getByRole('table', { name: 'Apps' }).waitFor();
    await page.getByRole('cell', { name: 'demo', exact: true }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await page.goto('/console/apps/1');
    const sidebar = page.getByRole('navigation', { name: 'App areas' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await sidebar.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await sidebar.getByRole('link', { name: 'Moderation' }).click();
    await page.waitForURL(/\/moderation$/);
    // The drawer closes once the new area's route has rendered.
    await expect.poll(() => sidebar.isVisible()).toBe(false);
    await expect.poll(() => wideElements(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
