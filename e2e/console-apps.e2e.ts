import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser } from './lib/accounts.ts';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations } from './lib/browser.ts';

// The organiser console's apps area (issue 22): the operator creates an app, brands it and sees the
// preview follow the draft before saving; an attendee of that app, open in a second browser, gets
// the new theme colour when the operator saves, without a reload; publishing and unpublishing
// open and close the app for her (451). The journey makes its own app, so no parallel journey
// reads what it changes (e2e/README).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function consoleSignIn(page: Page, email = 'admin@demo.test'): Promise<string> {
  const res = await fetch(`${baseURL()}/console/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234!' }),
  });
  if (!res.ok) throw new Error(`console login failed: ${res.status}`);
  const { access_token } = (await res.json()) as { access_token: string };
  await page.goto('/healthz');
  await page.evaluate((t) => localStorage.setItem('console_token', t), access_token);
  return access_token;
}

/** The theme colour the page applied (its theme-color meta follows the config). */
const brandOf = (target: Page | Frame) =>
  target.evaluate(() => document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? '');

async function previewFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe.preview-frame').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no preview frame');
  await frame.waitForLoadState();
  return frame;
}

describe('console: create an app, brand it, preview and publish', () => {
  it('creates an app, previews the draft, saves it to an open attendee page live and toggles 451', async () => {
    const key = `e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const organiser = await openPage(browser, DESKTOP);
    const page = organiser.page;
    await consoleSignIn(page);

    // Create: the key follows the name until typed; a taken key is a field message.
    await page.goto('/console/apps/new');
    await page.getByRole('heading', { name: 'Create app', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'App name' }).fill('Harbour Fair');
    expect(await page.getByRole('textbox', { name: 'App key' }).inputValue()).toBe('harbour-fair');
    await page.getByRole('textbox', { name: 'App key' }).fill('demo');
    await page.getByRole('button', { name: 'Create app' }).click();
    await page.getByText('Another app already uses this key').waitFor();
    expect(await seriousViolations(page), 'create app').toEqual([]);
    await page.getByRole('textbox', { name: 'App key' }).fill(key);
    await page.getByRole('button', { name: 'Create app' }).click();
    await page.waitForURL(/\/console\/apps\/\d+\/settings$/);
    await page.getByRole('heading', { name: 'Branding', exact: true }).waitFor();
    await page.getByText('The app is not published: attendees see “App is unavailable”.').waitFor();

    // The preview: the operator's account is of another app, so the frame shows the sign-in page.
    const frame = await previewFrame(page);
    await frame.getByText('Harbour Fair', { exact: true }).first().waitFor();
    expect(await seriousViolations(page), 'settings, desktop').toEqual([]);

    // A bad colour is refused beside its field; the draft shows in the frame before saving.
    const color = page.getByRole('textbox', { name: 'Theme colour' }).last();
    await color.fill('purple');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Enter a colour as #abc, #aabbcc or rgb(r, g, b)').waitFor();
    await color.fill('rgb(194, 37, 92)');
    await page.getByRole('textbox', { name: 'App name' }).fill('Harbour Fair 2027');
    await frame.getByText('Harbour Fair 2027', { exact: true }).first().waitFor();
    await expect.poll(() => brandOf(frame)).toBe('rgb(194, 37, 92)');

    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Settings saved. Open apps show them now.').waitFor();

    // Publish (asks first): the attendee can now use the app.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog', { name: 'Publish Harbour Fair 2027?' }).getByRole('button', { name: 'Publish' }).click();
    await page.getByText('The app is published.').waitFor();

    const email = `harbour-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@e2e.test`;
    const { token, userId } = await newConfirmedUser(email, key);
    const attendee = await openPage(browser, PHONE);
    await attendee.page.goto('/healthz');
    await attendee.page.evaluate(
      ({ k, t, u }) => {
        localStorage.setItem(`${k}:access_token`, t);
        localStorage.setItem(`${k}:user_id`, u);
        localStorage.setItem(`${k}:push_never`, '1');
      },
      { k: key, t: token, u: String(userId) },
    );
    await attendee.page.goto(`/?app=${key}`);
    await expect.poll(() => brandOf(attendee.page)).toBe('rgb(194, 37, 92)');
    // Her live connection is up before the organiser saves.
    await attendee.page.waitForFunction(() => document.title.includes('Harbour Fair 2027'));
    await attendee.page.waitForTimeout(1000);

    // The organiser saves a new colour: the open attendee page follows without a reload.
    await attendee.page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    await color.fill('#0b7285');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Settings saved. Open apps show them now.').first().waitFor();
    await expect.poll(() => brandOf(attendee.page), { timeout: 10_000 }).toBe('#0b7285');
    expect(await attendee.page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(await attendee.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim())).not.toBe('');

    // Unpublish: her calls answer 451 and a fresh load shows "App is unavailable".
    await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await page.getByRole('dialog', { name: 'Unpublish Harbour Fair 2027?' }).getByRole('button', { name: 'Unpublish' }).click();
    await page.getByText('The app is not published: attendees see “App is unavailable”.').waitFor();
    const menu = await fetch(`${baseURL()}/user/app-menu`, { headers: { 'access-token': token } });
    expect(menu.status).toBe(451);
    await attendee.page.reload();
    await attendee.page.getByText('App is unavailable').waitFor();

    expect(organiser.errors).toEqual([]);
    expect(attendee.errors).toEqual([]);
    await attendee.context.close();
    await organiser.context.close();
  });

  it('shows the settings on a phone with the preview folded, accessible', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await consoleSignIn(page);
    const me = await page.evaluate(async () => {
      const r = await fetch('/console/api/me', { headers: { 'access-token': localStorage.getItem('console_token') ?? '' } });
      return (await r.json()) as { apps: Array<{ id: number; key: string }> };
    });
    const demoDark = me.apps.find((a) => a.key === 'demo-dark');
    await page.goto(`/console/apps/${demoDark?.id}/settings`);
    await page.getByRole('heading', { name: 'Branding', exact: true }).waitFor();
    expect(await page.locator('iframe.preview-frame').count()).toBe(0);
    await page.getByText('Live preview').click();
    await page.locator('iframe.preview-frame').waitFor();
    expect(await seriousViolations(page), 'settings, phone').toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
