import http from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALL_ROUTES, type RouteDef } from '../apps/web/src/app/route-table.ts';
import { baseURL, DESKTOP, launch, openPage, signInAs } from './lib/browser.ts';

let browser: Browser;
const adminOrigin = () => inject('adminOrigin');

/** A real page on another local origin that frames the app (the admin preview, or an attacker's page). */
async function framingPage(origin: string | undefined): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>Admin</title><iframe id="app" title="Preview" src="${baseURL()}/news/1" width="1200" height="800"></iframe>
<script>window.asked = 0; addEventListener('message', (e) => { if (e.data && e.data.type === 'requestAdminToken') { window.asked++; window.askedFrom = e.origin; } });</script>`);
  });
  const port = origin ? Number(new URL(origin).port) : 0;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return { origin: `http://127.0.0.1:${actual}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** Collects every Content-Security-Policy violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const list: Array<{ directive: string; blocked: string; source: string }> = [];
    (window as unknown as { cspViolations: typeof list }).cspViolations = list;
    document.addEventListener('securitypolicyviolation', (e) => {
      list.push({ directive: e.effectiveDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` });
    });
  });
  const console: Violation[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push({ directive: 'console', blocked: m.text(), source: m.location().url });
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { cspViolations?: Violation[] }).cspViolations ?? []).catch(() => [])),
  ];
}

/** A concrete url for a route pattern: the demo module id of its type, 1 for other ids. */
function concrete(route: RouteDef, moduleIds: Map<string, number>): string {
  const type = route.path.split('/')[1] ?? '';
  return route.path
    .replace(':app_module_id', String(moduleIds.get(type) ?? 1))
    .replace(/:[a-z_]+/g, (p) => (p.endsWith('name') ? 'general' : '1'));
}

describe('Content-Security-Policy', () => {
  it('every page is served with a strict policy', async () => {
    const res = await fetch(`${baseURL()}/login`, { headers: { accept: 'text/html' } });
    const csp = res.headers.get('content-security-policy') ?? '';
    const scripts = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    // Our origin, and one inline script by its hash: the loader of a first screen that leads with pictures (lib/entry-gate.ts).
    expect(scripts.trim()).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain(`frame-ancestors 'self' ${adminOrigin()}`);
    expect(res.headers.get('permissions-policy')).toContain('camera=(self)');
  });

  it('no route reports a violation, signed out or signed in', async () => {
    const { page, errors, context } = await openPage(browser, DESKTOP);
    const violations = await watchViolations(page);
    const found: Array<Violation & { url: string }> = [];
    const visit = async (url: string) => {
      await page.goto(url, { waitUntil: 'load' });
      await page
        .locator(url === '/api/docs' ? 'body *' : '#root *')
        .first()
        .waitFor();
      await page.waitForTimeout(150);
      for (const v of await violations()) found.push({ ...v, url });
    };

    for (const route of ALL_ROUTES.filter((r) => r.authFlow)) await visit(concrete(route, new Map()));
    await visit('/api/docs');
    // Submitting a form loads the contract's zod schemas, whose eval fast path the policy forbids.
    await visit('/login/email');
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByLabel('E-mail').press('Enter');
    await page.locator('[aria-invalid="true"]').first().waitFor();
    for (const v of await violations()) found.push({ ...v, url: '/login/email (submitted)' });

    await signInAs(page, 'anna@demo.test');
    const menuRes = await page.evaluate(async () => {
      const res = await fetch('/user/app-menu', { headers: { 'access-token': localStorage.getItem('demo:access_token') ?? '' } });
      return (await res.json()) as { menu: Array<{ type: string; app_module_id: number }> };
    });
    const moduleIds = new Map(menuRes.menu.map((m) => [m.type, m.app_module_id]));
    const signedIn = ALL_ROUTES.filter((r) => !r.authFlow && r.path !== '/logout');
    for (const route of signedIn) await visit(concrete(route, moduleIds));
    await visit('/logout');

    expect(signedIn.length).toBeGreaterThan(40);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    // About 50 page loads in one journey: more than the default minute while another file runs beside it.
  }, 180_000);
});

describe('pictures from other sites', () => {
  it('reading a post whose author put in pictures of other sites sends no request off our origin, and breaks no policy', async () => {
    const { page, errors, context } = await openPage(browser, DESKTOP);
    const violations = await watchViolations(page);
    await signInAs(page, 'anna@demo.test');
    const token = await page.evaluate(() => localStorage.getItem('demo:access_token') ?? '');
    const menu = (await (await fetch(`${baseURL()}/user/app-menu`, { headers: { 'access-token': token } })).json()) as {
      menu: Array<{ type: string; app_module_id: number }>;
    };
    const blogs = menu.menu.find((m) => m.type === 'blogs')?.app_module_id;
    // A tracking pixel and a picture of another site: the server cannot fetch them (no such host, a
    // private address), so they are dropped rather than left for every reader's browser to load.
    const res = await fetch(`${baseURL()}/content/${blogs}/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'access-token': token },
      body: JSON.stringify({
        text: '<p>Pixel test</p><p><img src="https://tracker.invalid/pixel.gif?reader=1" alt="pixel"></p><figure class="image"><img src="http://127.0.0.1:9/photo.jpg" alt="photo"></figure>',
      }),
    });
    expect(res.status).toBe(200);
    const post = (await res.json()) as { id: number; text: string };
    expect(post.text).not.toMatch(/tracker\.invalid|127\.0\.0\.1:9/);
    const outside: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== baseURL() && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) outside.push(r.url());
    });
    await page.goto(`/blogs/${blogs}/post/${post.id}`, { waitUntil: 'load' });
    await page.getByText('Pixel test').first().waitFor();
    await page.waitForTimeout(300);
    expect(outside).toEqual([]);
    // The demo pages with pictures (free-form pages, the social wall) keep them under the narrower policy.
    for (const m of menu.menu.filter((x) => x.type === 'freeform' || x.type === 'twitter')) {
      await page.goto(`/${m.type}/${m.app_module_id}`, { waitUntil: 'load' });
      await page.locator('#root img').first().waitFor();
      await page.waitForTimeout(200);
    }
    expect(await violations()).toEqual([]);
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('admin preview frame', () => {
  it('a configured admin origin frames the app and hands it a token; the app asks that origin by name', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    const res = await fetch(`${baseURL()}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'app-key': 'demo' },
      body: JSON.stringify({ email: 'anna@demo.test', password: 'demo1234!' }),
    });
    const { access_token: adminToken } = (await res.json()) as { access_token: string };
    const admin = await framingPage(adminOrigin());
    await page.goto(`${admin.origin}/admin-preview`);
    await expect.poll(() => page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { askedFrom: string }).askedFrom)).toBe(new URL(baseURL()).origin);
    const reloaded = page.waitForRequest((r) => new URL(r.url()).pathname === '/user/app-menu');
    await page.evaluate(
      (token) => (document.getElementById('app') as HTMLIFrameElement).contentWindow?.postMessage({ type: 'adminToken', token }, '*'),
      adminToken,
    );
    expect((await reloaded).headers()['access-token']).toBe(adminToken);
    await context.close();
    await admin.close();
  });

  it('any other origin cannot frame the app, so it never asks that page for a token', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    const appRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(baseURL()) && r.resourceType() !== 'document') appRequests.push(r.url());
    });
    const foreign = await framingPage(undefined);
    await page.goto(`${foreign.origin}/admin-preview`);
    await page.waitForTimeout(1500);
    // The framed document was refused (frame-ancestors): none of its scripts ran.
    expect(appRequests).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(0);
    await context.close();
    await foreign.close();
  });
});
