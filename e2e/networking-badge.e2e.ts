import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import qrcode from 'qrcode-generator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser } from './lib/accounts.ts';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations } from './lib/browser.ts';
import { signIn, useSession } from './lib/shell.ts';

// The QR badge: anna opens her badge; a new member's browser has a FAKE CAMERA showing anna's QR
// code (a Y4M video made here from her badge link), scans it on the scan screen and lands on anna's
// card; anna's "People I met by badge" shows the member without a reload. Writes: a new member, anna's
// badge version row (made on first look, never renewed here) and one scan of anna by the new member.

let browser: Browser;
let camera: Browser | undefined;
let dir = '';
beforeAll(async () => {
  browser = await launch();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'badge-e2e-'));
});
afterAll(async () => {
  await camera?.close();
  await browser.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A Y4M video (YUV4MPEG2, 4:2:0) of a QR code of `text`, black on white, centred: what Chromium's
 * fake camera (`--use-file-for-fake-video-capture`) plays in a loop.
 */
function qrVideo(text: string, file: string, width = 640, height = 480, frames = 5) {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  const cell = Math.floor((Math.min(width, height) * 0.8) / (n + 8));
  const side = cell * (n + 8);
  const x0 = Math.floor((width - side) / 2) + 4 * cell;
  const y0 = Math.floor((height - side) / 2) + 4 * cell;
  const y = Buffer.alloc(width * height, 235);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!qr.isDark(r, c)) continue;
      for (let dy = 0; dy < cell; dy++)
        y.fill(16, (y0 + r * cell + dy) * width + x0 + c * cell, (y0 + r * cell + dy) * width + x0 + (c + 1) * cell);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let f = 0; f < frames; f++) parts.push(Buffer.from('FRAME\n'), y, chroma);
  fs.writeFileSync(file, Buffer.concat(parts));
}

async function hubOf(token: string): Promise<number> {
  const res = await fetch(`${baseURL()}/user/app-menu`, { headers: { 'app-key': 'demo', 'access-token': token } });
  const { menu } = (await res.json()) as { menu: Array<{ type: string; app_module_id: number }> };
  const hub = menu.find((m) => m.type === 'networking');
  if (!hub) throw new Error('no networking module');
  return hub.app_module_id;
}

describe('QR badge', () => {
  it('anna shows her badge; a member scans it with the camera, lands on her card; she sees him in “People I met” live', async () => {
    // Anna's badge page (phone).
    const { page: anna, errors } = await openPage(browser, PHONE);
    await signIn(anna);
    const annaToken = await anna.evaluate(() => localStorage.getItem('demo:access_token') ?? '');
    const hub = await hubOf(annaToken);
    await anna.goto(`/networking/${hub}/badge`);
    await anna.getByRole('heading', { name: 'My QR badge', level: 1 }).waitFor();
    await anna.getByRole('img', { name: /^QR code of the badge of Anna/ }).waitFor();
    await anna.getByRole('heading', { name: 'People I met by badge' }).waitFor();
    const badge = (await (
      await fetch(`${baseURL()}/networking/${hub}/badge`, { headers: { 'app-key': 'demo', 'access-token': annaToken } })
    ).json()) as { path: string; person: { fullname: string } };
    expect(await seriousViolations(anna)).toEqual([]);

    // The member: a fresh account with a profile, in a browser whose camera shows anna's QR code.
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const { token, userId } = await newConfirmedUser(`badge.${stamp}@demo.test`);
    const last = `Scanner${stamp}`;
    const profile = await fetch(`${baseURL()}/user/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'app-key': 'demo', 'access-token': token },
      body: JSON.stringify({ first_name: 'Ben', last_name: last, job_title: 'Founder', company: 'Dockside Ventures' }),
    });
    expect(profile.ok).toBe(true);
    const video = path.join(dir, 'badge.y4m');
    qrVideo(new URL(badge.path, baseURL()).href, video);
    camera = await launch([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    const { context, page: ben, errors: benErrors } = await openPage(camera, DESKTOP);
    await context.grantPermissions(['camera'], { origin: baseURL() });
    await useSession(ben, token, userId);
    await ben.goto(`/networking/${hub}/scan`);
    // The camera reads the code (at once: the scan screen may be gone before it is looked at) and
    // the scanned badge opens: anna's card with the hub actions.
    await ben.waitForURL(new RegExp(`/networking/${hub}/badge/[0-9a-z]+-`), { timeout: 20_000 });
    await ben.getByRole('heading', { name: 'Scanned badge', level: 1 }).waitFor();
    await ben.getByRole('heading', { name: badge.person.fullname, level: 2 }).waitFor();
    await ben.getByText('Added to “People I met by badge” for both of you.').waitFor();
    for (const name of ['Shortlist', 'Skip', 'Message', 'Schedule a 1:1']) await ben.getByRole('button', { name }).waitFor();
    await ben.getByRole('link', { name: 'View profile' }).waitFor();
    expect(await seriousViolations(ben)).toEqual([]);

    // Anna's page, not reloaded: the member is in her list, as having scanned her.
    const met = anna.locator('.badge-met-list li', { hasText: last });
    await met.waitFor({ timeout: 10_000 });
    await met.getByText(/^Scanned your badge/).waitFor();
    expect(errors).toEqual([]);
    expect(benErrors).toEqual([]);
  });

  it('without a camera: the error by its type, a foreign link refused, a pasted link and a photo of a badge open it', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    await signIn(page);
    const token = await page.evaluate(() => localStorage.getItem('demo:access_token') ?? '');
    const hub = await hubOf(token);
    await page.goto(`/networking/${hub}/badge`);
    const qr = page.getByRole('img', { name: /^QR code of the badge of/ });
    await qr.waitFor();
    const photo = await qr.screenshot();
    const { path: link } = (await (
      await fetch(`${baseURL()}/networking/${hub}/badge`, { headers: { 'app-key': 'demo', 'access-token': token } })
    ).json()) as { path: string };

    await page.getByRole('link', { name: 'Scan a badge' }).click();
    await page.getByRole('heading', { name: 'Scan a badge', level: 1 }).waitFor();
    // This browser has no camera: the error of its type, with a way to try again.
    await page.getByText('No camera was found on this device.').waitFor();
    await page.getByRole('button', { name: 'Try the camera again' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Another site's link with a badge's path opens nothing.
    const field = page.getByLabel('Badge link');
    await field.fill(`https://elsewhere.example${link}`);
    await page.getByRole('button', { name: 'Open badge' }).click();
    await page.getByText('This code is not a badge of this app, so nothing was opened.').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/networking/${hub}/scan`);
    // The app's own link opens it (her own badge: it says so).
    await field.fill(new URL(link, baseURL()).href);
    await page.getByRole('button', { name: 'Open badge' }).click();
    await page.getByRole('heading', { name: 'This is your own badge' }).waitFor();
    // A photo of a badge, decoded on the device the same way.
    await page.goto(`/networking/${hub}/scan`);
    await page.getByLabel('Pick a photo of a badge').setInputFiles({ name: 'badge.png', mimeType: 'image/png', buffer: photo });
    await page.waitForURL((url) => url.pathname === link);
    await page.getByRole('heading', { name: 'This is your own badge' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a badge link opened signed out comes back after signing in (her own badge says it is hers)', async () => {
    const login = await fetch(`${baseURL()}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'app-key': 'demo' },
      body: JSON.stringify({ email: 'anna@demo.test', password: 'demo1234!' }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const hub = await hubOf(access_token);
    const { path: link } = (await (
      await fetch(`${baseURL()}/networking/${hub}/badge`, { headers: { 'app-key': 'demo', 'access-token': access_token } })
    ).json()) as { path: string };
    const { page, errors, context } = await openPage(browser, PHONE);
    await page.goto(link);
    await page.waitForURL('**/login');
    await page.getByRole('link', { name: 'Continue with e-mail' }).click();
    await page.getByLabel('E-mail').fill('anna@demo.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill('demo1234!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === link);
    await page.getByRole('heading', { name: 'This is your own badge' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
