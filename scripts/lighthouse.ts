// npm run lighthouse: Lighthouse (the npm package) with Debian's chromium, in its default mobile mode
// and simulated throttling, on /login and on signed-in module pages (news, the chat list, a chat). Prints the four
// category scores against the targets and the paint metrics, and writes lighthouse-results.json.
// A measurement, not a test: it exits 0 when a target is missed, 1 only when it cannot measure.
//
//   LIGHTHOUSE_PAGES signed-in paths to measure, comma-separated (default /news/1,/chats/4,/chats/4/group/1)
//   LIGHTHOUSE_URL   a running server to measure (default: start one with PGlite and the demo seed)
//   LIGHTHOUSE_RUNS  runs per page, each a first visit; the median performance run is reported (default 3:
//                    on a 2-core machine one run's blocking time varies by a few hundred ms)
//   CHROMIUM_PATH    the browser (default /usr/bin/chromium)
//   LIGHTHOUSE_SAVE  a folder to keep each run's full report in (JSON, for the Lighthouse viewer)
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import {
  APP_KEY,
  ensureWebBuild,
  envNumber,
  errorText,
  LOGIN,
  root,
  type Server,
  startServer,
  stopServer,
  waitForHealth,
  within,
} from './lib-server.ts';

const RESULTS_FILE = path.join(root, 'lighthouse-results.json');
const RUNS = Math.round(envNumber('LIGHTHOUSE_RUNS', 3));
/** Signed-in pages measured after /login: the news feed, the chat list and a group chat of the demo seed. */
const SIGNED_IN_PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/news/1,/chats/4,/chats/4/group/1').split(',').filter(Boolean);
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** Targets of the issue; SEO is printed without one. */
const TARGETS: Partial<Record<Category, number>> = { performance: 95, accessibility: 100, 'best-practices': 100 };
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
] as const;

interface PageResult {
  page: string;
  scores: Record<Category, number>;
  metrics: Record<string, { value: number; display: string }>;
  /** Audits that cost points in a category below its target. */
  misses: Array<{ category: Category; id: string; title: string; display?: string }>;
}

interface Session {
  access_token: string;
  user_id: number;
}

async function signIn(base: string): Promise<Session> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'app-key': APP_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(LOGIN),
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return (await res.json()) as Session;
}

/** Stores the session the way the app does, so the next page opens signed in; no push prompt; an empty HTTP cache. */
async function storeSession(port: number, base: string, session: Session | undefined): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    // Every run is a first visit: Lighthouse keeps the storage (the session) but not the HTTP cache.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(base).origin, storageTypes: 'service_workers,cache_storage' });
    await page.goto(`${base}/healthz`);
    await page.evaluate(
      ({ key, s }) => {
        localStorage.clear();
        // biome-ignore lint/suspicious/noDocumentCookie: signed out, the token cookie goes too
        if (!s) document.cookie = `access_token_${key}=; path=/; max-age=0`;
        if (!s) return;
        localStorage.setItem(`${key}:access_token`, s.access_token);
        localStorage.setItem(`${key}:user_id`, String(s.user_id));
        // biome-ignore lint/suspicious/noDocumentCookie: the token cookie the app keeps beside its storage (lib/session.ts)
        document.cookie = `access_token_${key}=${encodeURIComponent(s.access_token)}; path=/`;
        // biome-ignore lint/suspicious/noDocumentCookie: the app's own decline cookie, set as the app sets it
        document.cookie = `push_declines_${key}=9; path=/`;
      },
      { key: APP_KEY, s: session },
    );
    await page.close();
  } finally {
    // Closing a CDP connection leaves the browser running for Lighthouse.
    await browser.close();
  }
}

type Lhr = {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, { title: string; score: number | null; numericValue?: number; displayValue?: string }>;
};

async function measure(port: number, url: string): Promise<Lhr> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: [...CATEGORIES] },
    undefined,
  );
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  return result.lhr as unknown as Lhr;
}

function summarise(page: string, lhr: Lhr): PageResult {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<
    Category,
    number
  >;
  const metrics = Object.fromEntries(
    METRICS.map(([name, id]) => [name, { value: lhr.audits[id]?.numericValue ?? Number.NaN, display: lhr.audits[id]?.displayValue ?? '' }]),
  );
  const misses: PageResult['misses'] = [];
  for (const category of CATEGORIES) {
    const target = TARGETS[category];
    if (target === undefined || scores[category] >= target) continue;
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (category === 'performance' && ref.weight === 0) continue;
      misses.push({ category, id: ref.id, title: audit.title, ...(audit.displayValue ? { display: audit.displayValue } : {}) });
    }
  }
  return { page, scores, metrics, misses };
}

function print(r: PageResult): void {
  console.log(`\n${r.page}`);
  for (const c of CATEGORIES) {
    const target = TARGETS[c];
    const verdict = target === undefined ? '' : r.scores[c] >= target ? `PASS (≥ ${target})` : `MISS (target ${target})`;
    console.log(`  ${c.padEnd(15)} ${String(r.scores[c]).padStart(3)}  ${verdict}`);
  }
  console.log(`  ${METRICS.map(([name]) => `${name} ${r.metrics[name]?.display}`).join(' · ')}`);
  for (const m of r.misses) console.log(`    - ${m.category}: ${m.id} (${m.title})${m.display ? `: ${m.display}` : ''}`);
}

async function main(): Promise<number> {
  let server: Server | undefined;
  let base = process.env.LIGHTHOUSE_URL?.replace(/\/$/, '');
  if (!base) {
    ensureWebBuild();
    server = await startServer('warn');
    base = server.base;
  }
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results: PageResult[] = [];
  try {
    if (server) await waitForHealth(server);
    const session = await signIn(base);
    const pages: Array<[string, Session | undefined]> = [
      ['/login', undefined],
      ...SIGNED_IN_PAGES.map((p): [string, Session] => [p, session]),
    ];
    for (const [page, signedIn] of pages) {
      const runs: PageResult[] = [];
      for (let i = 0; i < RUNS; i++) {
        await storeSession(chrome.port, base, signedIn);
        const lhr = await within(300_000, `Lighthouse on ${page}`, measure(chrome.port, `${base}${page}`));
        const keep = process.env.LIGHTHOUSE_SAVE;
        if (keep) {
          fs.mkdirSync(keep, { recursive: true });
          fs.writeFileSync(path.join(keep, `${page.replace(/\W+/g, '_')}-${i + 1}.json`), JSON.stringify(lhr));
        }
        runs.push(summarise(page + (signedIn ? ' (signed in)' : ''), lhr));
      }
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      const median = runs[Math.floor(runs.length / 2)];
      if (!median) throw new Error(`no run of ${page}`);
      print(median);
      results.push(median);
    }
  } finally {
    chrome.kill();
    if (server) await stopServer(server);
  }
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, results }, null, 2)}\n`);
  const missed = results.some((r) => CATEGORIES.some((c) => (TARGETS[c] ?? 0) > r.scores[c]));
  console.log(`\n${missed ? 'Some targets missed' : 'All targets met'}; figures in ${path.relative(process.cwd(), RESULTS_FILE)}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`lighthouse failed: ${errorText(err)}`);
    process.exit(1);
  },
);
