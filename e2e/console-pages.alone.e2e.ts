import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations, signInAs } from './lib/browser.ts';
import { fillConsoleSignIn, wideElements } from './lib/console.ts';

/**
 * The console's Pages area: an organiser rewrites the `demo` app's free-form page with the editor's
 * toolbar (heading, bold, list, link), checks the preview, saves, and an attendee who has the page
 * open sees the new version without reloading.
 *
 * Runs alone: it changes the demo app's free-form page, which catalog.e2e.ts reads; the seeded page
 * is put back at the end (through the console's own call).
 */
let browser: Browser;
let consoleToken = '';
let appId = 0;
let moduleId = 0;
let seeded = '';

async function consoleApi<T>(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL()}/console/api${path}`, {
    method,
    headers: { 'access-token': consoleToken, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  browser = await launch();
  const login = await fetch(`${baseURL()}/console/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234!', app: 'demo' }),
  });
  consoleToken = ((await login.json()) as { access_token: string }).access_token;
  const me = await consoleApi<{ apps: Array<{ id: number; key: string }> }>('GET', '/me');
  appId = me.apps.find((a) => a.key === 'demo')?.id ?? 0;
  const menu = await consoleApi<{ modules: Array<{ id: number; type: string }> }>('GET', `/apps/${appId}/menu`);
  moduleId = menu.modules.find((m) => m.type === 'freeform')?.id ?? 0;
  seeded = (await consoleApi<{ html: string }>('GET', `/apps/${appId}/pages/${moduleId}`)).html;
  expect(seeded).toContain('<h2>');
});
afterAll(async () => {
  if (seeded) await consoleApi('PUT', `/apps/${appId}/pages/${moduleId}`, { html: seeded });
  await browser.close();
});

/** Signs the demo operator in to the console and opens the Pages area of the `demo` app. */
async function openPages(page: Page) {
  await page.goto('/console/login');
  await fillConsoleSignIn(page, 'admin@demo.test');
  await page.waitForURL(/\/console$/);
  await page.goto(`/console/apps/${appId}/pages`);
  await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
}

describe('console pages', () => {
  it('rewrites the free-form page with the toolbar; an attendee with the page open sees it without reloading', async () => {
    // The attendee's page, open before the organiser saves.
    const attendee = await openPage(browser, PHONE);
    await signInAs(attendee.page, 'anna@demo.test');
    await attendee.page.goto(`/freeform/${moduleId}`);
    await attendee.page.locator('.rich-content h2').first().waitFor();
    expect(await attendee.page.locator('.rich-content h2', { hasText: 'Opening hours' }).count()).toBe(0);

    const { page, errors } = await openPage(browser, DESKTOP);
    await openPages(page);
    const editor = page.getByRole('textbox', { name: 'Page content' });
    await editor.waitFor();
    await expect.poll(() => editor.textContent()).toContain('Getting there');
    // Every block of the seeded page survives the editor: warning, picture with caption and looks, quote caption, table headings.
    for (const selector of ['aside.warning > strong', 'figure.image.stretched img', 'figure.image figcaption', 'blockquote cite', 'th']) {
      expect(await editor.locator(selector).count(), selector).toBeGreaterThan(0);
    }
    expect(await seriousViolations(page)).toEqual([]);

    // Empty the page, then write it with the toolbar.
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.type('Opening hours');
    await toolbar.getByRole('button', { name: 'Heading 2' }).click();
    expect(await toolbar.getByRole('button', { name: 'Heading 2' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Doors open at nine');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' every day.');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Coffee all day');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Lunch at noon');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('See the ');
    // A link by the keyboard: the toolbar button is reached with Tab order, the address field has the focus.
    await toolbar.getByRole('button', { name: 'Link' }).click();
    const address = page.getByLabel('Link address (https://…)');
    await address.fill('https://example.org/map');
    await address.press('Enter');
    await expect.poll(() => editor.innerHTML()).toContain('href="https://example.org/map"');

    // The preview shows it with the attendee app's rich content styles.
    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { level: 2, name: 'Opening hours' }).waitFor();
    await preview.locator('strong', { hasText: 'Doors open at nine' }).waitFor();
    expect(await preview.getByRole('listitem').allTextContents()).toEqual(['Coffee all day', 'Lunch at noon']);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Edit' }).click();

    await page.getByRole('button', { name: 'Save page' }).click();
    await page.getByText('Page saved. Open pages show it now.').waitFor();
    await page.getByText('Unsaved changes').waitFor({ state: 'detached' });

    // The attendee's open page follows, without a reload.
    const body = attendee.page.locator('.rich-content');
    await body.getByRole('heading', { level: 2, name: 'Opening hours' }).waitFor();
    await body.locator('strong', { hasText: 'Doors open at nine' }).waitFor();
    expect(await body.getByRole('listitem').allTextContents()).toEqual(['Coffee all day', 'Lunch at noon']);
    expect(await body.getByRole('link', { name: 'https://example.org/map' }).getAttribute('href')).toBe('https://example.org/map');
    expect(await body.locator('h3', { hasText: 'Getting there' }).count()).toBe(0);

    // A 390 px phone: the console page and its editor fit.
    await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
    expect(await wideElements(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(attendee.errors).toEqual([]);
    await attendee.context.close();
  });
});
