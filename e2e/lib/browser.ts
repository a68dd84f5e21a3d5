import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseURL = () => inject('baseURL');

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

/** Chromium for one journey file; `extraArgs` for a browser of its own (a fake camera). */
export async function launch(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

/** A fresh context (empty storage) at a viewport; page errors fail the test through `errors`. */
export async function openPage(browser: Browser, viewport = PHONE): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: baseURL() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Signs in through the public API and stores the token as the app does. */
export async function signInAs(page: Page, email: string, appKey = 'demo', password = 'demo1234!'): Promise<number> {
  const res = await fetch(`${baseURL()}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'app-key': appKey },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  const { access_token, user_id } = (await res.json()) as { access_token: string; user_id: number };
  await page.goto('/healthz');
  await page.evaluate(
    ({ k, t, u }) => {
      localStorage.setItem(`${k}:access_token`, t);
      localStorage.setItem(`${k}:user_id`, u);
      // biome-ignore lint/suspicious/noDocumentCookie: the token cookie the app keeps beside its storage (lib/session.ts)
      document.cookie = `access_token_${k}=${encodeURIComponent(t)}; path=/`;
    },
    { k: appKey, t: access_token, u: String(user_id) },
  );
  return user_id;
}

/**
 * Pages come without their first screen's reads (`<script id="boot-data">`), so the app asks the
 * API for each: for a test that changes what one of those calls answers with `page.route`.
 */
export async function askEveryRead(page: Page): Promise<void> {
  await withoutServiceWorker(page.context());
  await page.context().route(isPage, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const res = await route.fetch();
    const html = (await res.text()).replace(/<script id="boot-data" type="application\/json">.*?<\/script>/s, '');
    await route.fulfill({ response: res, body: html });
  });
}

/** Addresses of pages (not files, not the socket: a route on its handshake turns the websocket into polling). */
const isPage = (url: URL) => !/\.[a-z0-9]+$/i.test(url.pathname) && !url.pathname.startsWith('/socket.io');

/**
 * A test that rewrites this context's pages keeps them from the service worker, which would keep a
 * page (stale while revalidate) and fetch the next one itself: its /sw.js answers 404, so none
 * installs. The worker's own journey is first-screen.e2e.ts.
 */
async function withoutServiceWorker(context: BrowserContext): Promise<void> {
  await context.route('**/sw.js', (route) => route.fulfill({ status: 404, body: '' }));
}

/** Rewrites the page metadata the server puts into every HTML page (`<script id="app-meta">`) for this page. */
export async function rewritePageMeta(page: Page, change: (meta: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  await withoutServiceWorker(page.context());
  await page.context().route(isPage, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const res = await route.fetch();
    const html = (await res.text()).replace(
      /(<script id="app-meta" type="application\/json">)(.*?)(<\/script>)/s,
      (_m, open: string, json: string, close: string) =>
        open + JSON.stringify(change(JSON.parse(json) as Record<string, unknown>)).replace(/</g, '\\u003c') + close,
    );
    await route.fulfill({ response: res, body: html });
  });
}

/**
 * Shows this page the app's own configuration with some fields changed, both
 * where the client reads it first (the page's inline metadata) and where it
 * refreshes it (GET /user/app-config). `patch` is read on every response.
 */
export async function patchAppConfig(page: Page, patch: () => Record<string, unknown>): Promise<void> {
  await withoutServiceWorker(page.context());
  await page.context().route('**/user/app-config*', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...((await res.json()) as object), ...patch() } });
  });
  await rewritePageMeta(page, (meta) => (meta.app_config ? { ...meta, app_config: { ...(meta.app_config as object), ...patch() } } : meta));
}

const require = createRequire(import.meta.url);
const axeSource: string = require('node:fs').readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Puts axe-core into the page. Evaluated through the DevTools protocol rather
 * than a script tag, so the page's Content-Security-Policy (script-src 'self')
 * stays on while it is checked. Waits first for the page's finite animations to
 * end (at most 2 s): a chat notice that slides in is half transparent for 200 ms,
 * and axe would read its blended colours as too faint.
 */
async function injectAxe(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    const done = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(axeSource);
}

/** Runs axe-core in the page; returns serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await injectAxe(page);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Runs only the given axe-core rules in the page, whatever their impact; returns their violations. */
export async function ruleViolations(page: Page, rules: string[]): Promise<AxeViolation[]> {
  await injectAxe(page);
  const result = await page.evaluate(async (values) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return axe.run(document, { runOnly: { type: 'rule', values }, resultTypes: ['violations'] });
  }, rules);
  return result.violations;
}

/**
 * Records a page's socket traffic and its calls whose path contains `paths` (times from now), for a
 * journey to print when a live change it waits for never comes.
 */
export function recordTraffic(page: Page, paths: string): { dump: () => string } {
  const t0 = Date.now();
  const log: string[] = [];
  const at = () => `${Date.now() - t0} ms`;
  page.on('websocket', (ws) => {
    log.push(`${at()} socket open`);
    ws.on('framesent', (f) => log.push(`${at()} sent ${String(f.payload).slice(0, 120)}`));
    ws.on('framereceived', (f) => log.push(`${at()} received ${String(f.payload).slice(0, 160)}`));
    ws.on('close', () => log.push(`${at()} socket closed`));
  });
  page.on('request', (r) => r.url().includes(paths) && log.push(`${at()} ${r.method()} ${r.url()}`));
  return { dump: () => log.join('\n') };
}
