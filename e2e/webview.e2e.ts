import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations, signInAs } from './lib/browser.ts';
import { signIn } from './lib/shell.ts';

// Webview: anna is asked before the app's website opens in a new window, opens it (then "Open again")
// and copies its address. The last journey has the dark app's owner change its address while anna
// watches, and puts the seeded one back (no other file reads it; this file's journeys run in turn).

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

  it('the app owner changes the address on the screen (422 first) and a member’s open screen follows live', async () => {
    const SEEDED = 'https://nightline.example/';
    const NEXT = 'https://nightline.example/live';
    const member = await openPage(browser, PHONE);
    const owner = await openPage(browser, DESKTOP);
    const { byType, url } = await signIn(member.page, { app: 'demo-dark' });
    await signInAs(owner.page, 'admin@demo.test', 'demo-dark');
    await owner.page.evaluate(() => localStorage.setItem('demo-dark:push_never', '1'));
    const token = await owner.page.evaluate(() => localStorage.getItem('demo-dark:access_token') ?? '');
    const put = (value: string) =>
      fetch(`${baseURL()}${byType('webview').url}/url`, {
        method: 'PUT',
        headers: { 'access-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ url: value }),
      });
    try {
      await member.page.goto(url(byType('webview')));
      await member.page.getByText(SEEDED, { exact: true }).waitFor();
      expect(await member.page.getByRole('button', { name: 'Change the address' }).count()).toBe(0);

      await owner.page.goto(url(byType('webview')));
      await owner.page.getByRole('button', { name: 'Change the address' }).click();
      const field = owner.page.getByRole('textbox', { name: 'Website address' });
      expect(await field.inputValue()).toBe(SEEDED);
      await field.fill('javascript:alert(1)');
      await owner.page.getByRole('button', { name: 'Save' }).click();
      await owner.page.getByText('Enter an address that starts with http:// or https://.').waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await field.fill(NEXT);
      await owner.page.getByRole('button', { name: 'Save' }).click();
      await owner.page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      await owner.page.getByText(NEXT, { exact: true }).waitFor();
      expect(await seriousViolations(owner.page), 'webview owner form, dark desktop').toEqual([]);

      // No reload: the member's screen got the owner's change over the socket.
      await member.page.getByText(NEXT, { exact: true }).waitFor();
      expect([...member.errors, ...owner.errors]).toEqual([]);
    } finally {
      expect((await put(SEEDED)).status).toBe(200);
      await member.context.close();
      await owner.context.close();
    }
  });
});
