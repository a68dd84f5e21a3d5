import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TLS_CERT } from '../apps/server/src/modules/push/push.stand-in.ts';
import { newConfirmedUser } from './lib/accounts.ts';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations } from './lib/browser.ts';
import { authed, type MenuItem, settle } from './lib/shell.ts';

// Settings: a new member turns Push > Discussions off (no push reaches the stand-in push service when
// someone replies in their discussion) and on again (one arrives), copies the app link, then deletes
// the account after downloading their data. Everything written belongs to the journey's own new
// members: their subscription, discussion, replies and accounts.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const api = async (token: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'app-key': 'demo', 'access-token': token },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
};

/** Pushes the stand-in push service received for a device. */
function pushesTo(device: string): Promise<number> {
  return new Promise((resolve, reject) => {
    https
      .get(`${inject('pushOrigin')}/received/${device}`, { ca: TLS_CERT }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () => resolve((JSON.parse(text) as { count: number }).count));
      })
      .on('error', reject);
  });
}

/** A new member with a complete profile, signed in on a page of their own. */
async function newMember(viewport: { width: number; height: number }, name: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `settings.${stamp}@demo.test`;
  const { token } = await newConfirmedUser(email);
  await api(token, 'PUT', '/user/profile', { first_name: name, last_name: `Member${stamp}`, job_title: 'Attendee' });
  const { page, context, errors } = await openPage(browser, viewport);
  await page.goto('/healthz');
  await page.evaluate((t) => {
    localStorage.setItem('demo:access_token', t);
    localStorage.setItem('demo:push_never', '1');
  }, token);
  const { menu } = await authed<{ menu: MenuItem[] }>(page, 'demo', '/user/app-menu');
  const mod = (type: string) => {
    const m = menu.find((i) => i.type === type);
    if (!m) throw new Error(`no ${type} module`);
    return m;
  };
  return { page, context, errors, email, token, stamp, mod };
}

describe('settings: notifications, share, delete account', () => {
  it('a category turned off sends no push, on again sends one; Share App copies the app link', async () => {
    const me = await newMember(PHONE, 'Nora');
    const other = await newConfirmedUser(`settings.other.${me.stamp}@demo.test`);
    const { page } = me;
    // This member's device at the stand-in push service.
    const ua = createECDH('prime256v1');
    ua.generateKeys();
    const device = `e2e-${me.stamp}`;
    await api(me.token, 'POST', '/push-subscription', {
      endpoint: `${inject('pushOrigin')}/push/${device}`,
      public_key: ua.getPublicKey().toString('base64url'),
      auth_token: randomBytes(16).toString('base64url'),
      encoding: 'aes128gcm',
    });
    // Their own discussion (they follow it); the other member replies to it.
    const forums = me.mod('forums').app_module_id;
    const topic = await api(me.token, 'POST', `/content/${forums}/posts`, { title: `Lunch spots ${me.stamp}`, text: '<p>Any tips?</p>' });
    const reply = (text: string) => api(other.token, 'POST', `/content/${forums}/posts/${topic.id}/comments`, { text });

    const settings = me.mod('settings');
    await page.goto(settings.url);
    await page.getByRole('heading', { name: settings.name, level: 1 }).waitFor();
    expect(await seriousViolations(page), 'settings, phone').toEqual([]);

    // Share App: the app's address on the clipboard.
    await me.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await page.getByRole('button', { name: 'Share App' }).click();
    await page.getByText('Link copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL()}/`);

    await page.getByRole('link', { name: 'Notifications' }).click();
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    const push = page.getByRole('region', { name: 'Push' });
    const discussions = push.getByRole('switch', { name: 'Discussions' });
    await discussions.waitFor();
    expect(await discussions.isChecked()).toBe(true);
    // No browser permission here: the screen says so and offers to turn push on.
    await push.getByRole('button', { name: 'Turn on push notifications' }).waitFor();
    expect(await seriousViolations(page), 'notifications, phone').toEqual([]);

    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/settings/${settings.app_module_id}/notifications`) && r.request().method() === 'PUT',
    );
    await discussions.click();
    expect((await saved).status()).toBe(200);
    expect(await discussions.isChecked()).toBe(false);
    await reply('Try the food trucks');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await pushesTo(device)).toBe(0);

    // On again (kept after a reload): the next reply arrives.
    await page.reload();
    await discussions.waitFor();
    expect(await discussions.isChecked()).toBe(false);
    await discussions.click();
    await page.waitForFunction(() => document.querySelectorAll('input[role="switch"]:checked').length === 12);
    await reply('And the café by the entrance');
    await expect.poll(() => pushesTo(device), { timeout: 10_000 }).toBe(1);
    expect(me.errors).toEqual([]);
    await me.context.close();
  });

  it('changes the interface language in Settings: at once, told to the server, kept after a reload', async () => {
    const me = await newMember(PHONE, 'Lena');
    const { page } = me;
    await page.goto(me.mod('settings').url);
    await page.getByRole('button', { name: 'Share App' }).waitFor();
    const told = page.waitForRequest((r) => new URL(r.url()).pathname === '/user/app-menu');
    await page.getByLabel('Language').selectOption('de_DE');
    // The page and the shell around it switch without a reload.
    await page.getByRole('button', { name: 'App teilen' }).waitFor();
    await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    // The server data is fetched again, with the cookie from which the server stores the member's language.
    expect((await (await told).allHeaders()).cookie).toContain('locale=de_DE');
    await page.reload();
    await page.getByRole('button', { name: 'App teilen' }).waitFor();
    expect(await page.getByLabel('Sprache').inputValue()).toBe('de_DE');
    expect(me.errors).toEqual([]);
    await me.context.close();
  });

  it('deletes the account after downloading the data, then signs out', async () => {
    const me = await newMember(DESKTOP, 'Dana');
    const { page } = me;
    const settings = me.mod('settings');
    await page.goto(settings.url);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await settle(page);
    expect(await seriousViolations(page), 'delete account dialog, desktop').toEqual([]);

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download my data' }).click();
    const file = await (await download).path();
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { account: { email: string; first_name: string } };
    expect(data.account).toMatchObject({ email: me.email, first_name: 'Dana' });

    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Password is incorrect').waitFor();
    await dialog.getByLabel('Password').fill('secret-123!');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    // Signing out may still be reloading the page: read the storage once it stands.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('demo:access_token')).catch(() => 'navigating')).toBeNull();
    const after = await fetch(`${baseURL()}/user/app-menu`, { headers: { 'app-key': 'demo', 'access-token': me.token } });
    expect(after.status).toBe(401);
    await me.context.close();
  });
});
