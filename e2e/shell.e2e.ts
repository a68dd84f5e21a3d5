import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, openPage, PHONE, seriousViolations, signInAs } from './lib/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

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
});
