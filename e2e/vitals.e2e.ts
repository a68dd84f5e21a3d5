import type { VitalsBatch, VitalsReport } from '@app/contract/schemas/vitals';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, launch, openPage, seriousViolations } from './lib/browser.ts';
import { openDarkAppDashboard } from './lib/console.ts';
import { signIn } from './lib/shell.ts';

/** Field data: a member's page load reports its Core Web Vitals, and the owner sees them on the dashboard. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function adminToken(): Promise<string> {
  const res = await fetch(`${baseURL()}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'app-key': 'demo' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234!' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Today's LCP samples of a route of the demo app, as the console reads them. */
async function lcpSamples(token: string, appId: number, route: string): Promise<number> {
  const res = await fetch(`${baseURL()}/console/api/apps/${appId}/vitals?days=1&device=mobile`, { headers: { 'access-token': token } });
  const report = (await res.json()) as VitalsReport;
  return report.routes.find((r) => r.route === route)?.metrics.find((m) => m.metric === 'LCP')?.samples ?? 0;
}

describe('field data', () => {
  it('sends a sampled page load’s vitals by route pattern when the page is hidden; the dashboard counts them', async () => {
    const token = await adminToken();
    const me = (await (await fetch(`${baseURL()}/console/api/me`, { headers: { 'access-token': token } })).json()) as {
      apps: Array<{ id: number; key: string }>;
    };
    const demo = me.apps.find((a) => a.key === 'demo');
    if (!demo) throw new Error('no demo app');
    const before = await lcpSamples(token, demo.id, '/news/:app_module_id');

    const { context, page, errors } = await openPage(browser);
    const { byType, url } = await signIn(page);
    // This page load is sampled whatever the app's share (the share stays as it is for the others).
    await page.route('**/vitals/config?*', (r) => r.fulfill({ json: { sample_rate: 1 } }));
    const library = page.waitForResponse((r) => /\/js\/web-vitals-[\w-]+\.js$/.test(r.url()));
    await page.goto(url(byType('news')));
    await page.getByRole('main').waitFor();
    // The library comes after the page's load, on an idle moment.
    await library;
    await page.mouse.click(200, 420);

    const beacon = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/vitals');
    // As a tab switch does: web-vitals finalises CLS and INP, then the queue sends its one beacon.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    const req = await beacon;
    expect(new URL(req.url()).search).toBe('?app=demo');
    const body = JSON.parse(req.postData() ?? '{}') as VitalsBatch;
    expect(body.items.map((i) => i.metric).sort()).toEqual(expect.arrayContaining(['FCP', 'LCP', 'TTFB']));
    // The pattern, not the address: no module id, no user.
    expect(new Set(body.items.map((i) => i.route))).toEqual(new Set(['/news/:app_module_id']));
    expect(body.items.every((i) => i.device === 'mobile' && Object.keys(i).length === 6)).toBe(true);
    expect((await req.response())?.status()).toBe(204);

    // Hidden again at once: no second beacon within 30 s.
    let more = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/vitals') more += 1;
    });
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await page.waitForTimeout(300);
    expect(more).toBe(0);
    expect(errors).toEqual([]);
    await context.close();

    await expect.poll(() => lcpSamples(token, demo.id, '/news/:app_module_id')).toBeGreaterThanOrEqual(before + 1);
  });

  it('shows p75 per page with its rating in words on the dashboard', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await openDarkAppDashboard(page);
    const table = page.getByRole('table', { name: /75th percentile per page/ });
    await table.waitFor();
    const news = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '/news', exact: true }) });
    await expect.poll(() => news.getByText(/^(Good|Needs improvement|Poor)$/).count()).toBe(5);
    await page.getByRole('button', { name: 'Desktops' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Desktops' }).getAttribute('aria-pressed')).toBe('true');
    await table.getByRole('rowheader', { name: 'All pages' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
