import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations } from './lib/browser.ts';
import { signIn } from './lib/shell.ts';

// Webview: anna is asked before the app's website opens in a new window, opens it (then "Open again")
// and copies its address. Reads the seeded address only; writes nothing on the server.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe('webview: ask, open in a new window, copy the address', () => {
  it('asks first, opens the site in a new tab without a handle on the app, then offers Open again and copies the URL', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    // The demo site is not on the network: the new tab gets a stand-in page.
    await context.route('https://opensummit.example/**', (r) =>
      r.fulfill({ contentType: 'text/html', body: '<title>Open Summit</title><p>Site</p>' }),
    );
    const { byType, url } = await signIn(page);
    const site = byType('webview');
    await page.goto(url(site));
    await page.getByRole('heading', { name: 'Website', level: 1 }).waitFor();
    await page.getByText('This is an external URL and it will be opened in a new window. Open?').waitFor();
    await page.getByText('https://opensummit.example/2026', { exact: true }).waitFor();
    expect(await seriousViolations(page), 'webview, phone').toEqual([]);

    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Open', exact: true }).click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe('https://opensummit.example/2026');
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();
    await page.getByRole('button', { name: 'Open again', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Open', exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Copy URL' }).click();
    await page.getByText('URL copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('https://opensummit.example/2026');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the dark app its own site on a desktop, accessible', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    const { byType, url } = await signIn(page, { app: 'demo-dark' });
    await page.goto(url(byType('webview')));
    await page.getByRole('heading', { name: 'Our website', level: 1 }).waitFor();
    await page.getByText('https://nightline.example/', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Copy URL' }).waitFor();
    expect(await seriousViolations(page), 'webview, dark desktop').toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
