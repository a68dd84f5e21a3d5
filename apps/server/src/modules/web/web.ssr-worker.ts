// The worker thread that renders members' first screens (web.ssr.ts): it loads the web app's server
// build (apps/web/dist-ssr/entry-server.js) once, then renders one page at a time, each with a
// document, storage and address of its own, as a phone's browser would have them. Nothing here is
// shared with the server's own thread: a render that throws or hangs costs this worker only.
import { parentPort, workerData } from 'node:worker_threads';
import type { SsrAnswer, SsrJob, SsrPage, SsrRead, SsrReadAnswer } from './web.ssr.ts';

const PHONE_WIDTH = 390;
const noop = () => undefined;

/** `(min-width: Npx)` and `(max-width: Npx)` as a 390 px phone answers them; every other query is false. */
function phoneMatches(query: string): boolean {
  const m = /^\(\s*(min|max)-width:\s*(\d{1,5})px\s*\)$/.exec(query.trim());
  if (!m) return false;
  const px = Number(m[2]);
  return m[1] === 'min' ? PHONE_WIDTH >= px : PHONE_WIDTH <= px;
}

const env = globalThis as unknown as Record<string, unknown>;

/** The page's browser: its document (the two scripts the app reads), storage, cookies and address. */
function enterPage(page: SsrPage): void {
  const scripts = new Map<string, string>([
    ['app-meta', page.meta],
    ['boot-data', page.boot],
  ]);
  const element = (id: string) => {
    const text = scripts.get(id);
    return text === undefined ? null : { textContent: text, remove: () => void scripts.delete(id) };
  };
  const store = new Map<string, string>([
    [`${page.appKey}:access_token`, page.token],
    [`${page.appKey}:user_id`, String(page.userId)],
  ]);
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, String(v)),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
  };
  const listeners = { addEventListener: noop, removeEventListener: noop };
  env.document = {
    ...listeners,
    getElementById: element,
    querySelector: () => null,
    querySelectorAll: () => [],
    cookie: page.cookie,
    readyState: 'loading',
    visibilityState: 'visible',
    referrer: '',
    documentElement: { dataset: {}, style: { setProperty: noop }, lang: '' },
    head: {},
    body: {},
  };
  env.localStorage = storage;
  env.sessionStorage = storage;
  env.location = new URL(page.url, page.origin);
  origin = new URL(page.origin).origin;
}

function setUpBrowser(): void {
  env.window = globalThis;
  env.self = globalThis;
  env.addEventListener = noop;
  env.removeEventListener = noop;
  env.matchMedia = (query: string) => ({ matches: phoneMatches(query), media: query, addEventListener: noop, removeEventListener: noop });
  env.history = { state: null, length: 1, pushState: noop, replaceState: noop, back: noop, forward: noop, go: noop };
  env.requestAnimationFrame = (f: () => void) => setTimeout(f, 0);
  env.cancelAnimationFrame = (id: ReturnType<typeof setTimeout>) => clearTimeout(id);
  Object.defineProperty(globalThis, 'navigator', {
    value: { onLine: true, userAgent: 'server', language: 'en-US', languages: ['en-US'], maxTouchPoints: 5 },
    configurable: true,
  });
  env.fetch = serverRead;
}

/** The page being rendered (its reads go out under its job) and the reads waiting for the server's answer. */
let job = 0;
let origin = '';
let nextRead = 1;
const reads = new Map<number, (answer: SsrReadAnswer) => void>();

/**
 * The app's `fetch` here: a GET of our own API answered by the server's thread as the page's member
 * (web.ssr.ts); nothing else leaves the worker.
 */
async function serverRead(input: string | URL, init?: { method?: string }): Promise<Response> {
  const url = new URL(String(input), origin);
  if ((init?.method ?? 'GET') !== 'GET' || url.origin !== origin) throw new Error('only the API is read while rendering on the server');
  const id = nextRead++;
  const answer = await new Promise<SsrReadAnswer>((resolve) => {
    reads.set(id, resolve);
    parentPort?.postMessage({ type: 'read', job, id, path: url.pathname + url.search } satisfies SsrRead);
  });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

setUpBrowser();
enterPage({ url: '/', origin: 'http://localhost', meta: '{}', boot: '{}', appKey: '', token: '', userId: 0, cookie: '', ip: '' });
const { render } = (await import(workerData.bundle as string)) as {
  render: (url: string) => Promise<{ html: string | null; cache: unknown; missing: string[]; sources: string[] }>;
};

// One page at a time: the environment above is the page's.
let queue = Promise.resolve();
parentPort?.on('message', (m: SsrJob | SsrReadAnswer) => {
  if ('type' in m) {
    reads.get(m.id)?.(m);
    reads.delete(m.id);
    return;
  }
  queue = queue.then(async () => {
    let answer: SsrAnswer;
    try {
      job = m.id;
      enterPage(m.page);
      const { html, cache, missing, sources } = await render(m.page.url);
      answer = { id: m.id, html, cache: html ? JSON.stringify(cache) : null, sources, ...(missing.length ? { missing } : {}) };
    } catch (err) {
      answer = { id: m.id, html: null, cache: null, error: err instanceof Error ? err.message : String(err) };
    }
    parentPort?.postMessage(answer);
  });
});
parentPort?.postMessage({ ready: true });
