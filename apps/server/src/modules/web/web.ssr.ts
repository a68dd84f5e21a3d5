import fs from 'node:fs';
import { Worker } from 'node:worker_threads';

/**
 * A member's first screen rendered on the server (docs/decisions.md "First screen on a phone"): the
 * web app's own components, fed with the boot data, in a worker thread (web.ssr-worker.ts). It is a
 * head start, never a condition: a page whose render is late, fails, or finds the worker busy is
 * sent as before (the splash, then the app renders it), so the server's own thread never waits
 * long and a burst of navigations costs no more than before.
 */
export interface SsrPage {
  /** Path and query of the page. */
  url: string;
  origin: string;
  /** The page's `app-meta` and `boot-data` scripts, as the browser gets them. */
  meta: string;
  boot: string;
  appKey: string;
  token: string;
  userId: number;
  /** The cookies the page's scripts read (locale, time format, currency). */
  cookie: string;
  /** The member's address: the API's reads count against it as the browser's would. */
  ip: string;
}
export interface SsrJob {
  id: number;
  page: SsrPage;
}
export interface SsrAnswer {
  id: number;
  html: string | null;
  /** The query cache the markup came from (TanStack Query's dehydrated state, as JSON). */
  cache: string | null;
  /** Source folders whose stylesheets the screen uses (see entry-server.tsx). */
  sources?: string[];
  error?: string;
  /** Reads of the screen that failed (query keys): neither carried by the page nor answered by the API. */
  missing?: string[];
}
/** A first screen rendered on the server: #root's markup and the query cache it was rendered from. */
export interface RenderedScreen {
  html: string;
  cache: string;
  sources: string[];
}

/** A read the screen makes, asked by the worker of the server's own API, as the page's member. */
export interface SsrRead {
  type: 'read';
  job: number;
  id: number;
  /** Path and query on the API (GET). */
  path: string;
}
export interface SsrReadAnswer {
  type: 'read';
  id: number;
  status: number;
  body: string;
  headers: Record<string, string>;
}
/** How the server answers a worker's read: its own API, in-process, with the page's token. */
export type ReadApi = (page: SsrPage, path: string) => Promise<Omit<SsrReadAnswer, 'type' | 'id'>>;

/** Reads one render may make beyond what the page carries. */
const MAX_READS = 24;

export interface SsrOptions {
  /** Answers the screen's reads that the page does not carry (the route's `app.inject`). */
  read?: ReadApi;
  /** The web app's server build (apps/web/dist-ssr/entry-server.js). */
  bundle: string;
  /** A render later than this is not waited for (default 300 ms). */
  timeoutMs?: number;
  /** Told when the worker fails to start, dies, or a page fails to render (the server logs it). */
  onError?: (message: string) => void;
  /** Told which reads of a screen failed, so it was not rendered (the server logs it for developers). */
  onMissing?: (url: string, reads: string[]) => void;
  /** Pages in the worker at most (awaited or late); more are sent without (default 4). */
  maxWaiting?: number;
}

export class ServerRenderer {
  private worker: Worker | undefined;
  private ready = false;
  private nextId = 1;
  /** The pages still awaited (a late one is no longer). */
  private readonly waiting = new Map<number, { done: (screen: RenderedScreen | undefined) => void; timer: NodeJS.Timeout }>();
  /**
   * The pages in the worker, awaited or late (its backlog): their token answers their reads, with
   * the reads each made.
   */
  private readonly jobs = new Map<number, { page: SsrPage; reads: number }>();
  private failedAt = 0;
  private closed = false;
  readonly timeoutMs: number;
  readonly maxWaiting: number;

  constructor(private readonly opts: SsrOptions) {
    this.timeoutMs = opts.timeoutMs ?? 300;
    this.maxWaiting = opts.maxWaiting ?? 4;
  }

  /** Starts the worker ahead of the first page (it loads the app's build: a few hundred ms). */
  warm(): void {
    this.ensureWorker();
  }

  private ensureWorker(): Worker | undefined {
    if (this.closed) return undefined;
    if (this.worker) return this.worker;
    // A worker that died is started again at most every 10 s.
    if (Date.now() - this.failedAt < 10_000 || !fs.existsSync(this.opts.bundle)) return undefined;
    const worker = new Worker(new URL('./web.ssr-worker.mjs', import.meta.url), {
      workerData: { bundle: this.opts.bundle },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    worker.unref();
    worker.on('message', (m: SsrAnswer | SsrRead | { ready: true }) => {
      if ('ready' in m) {
        this.ready = true;
        return;
      }
      if ('type' in m) {
        void this.answerRead(worker, m);
        return;
      }
      const url = this.jobs.get(m.id)?.page.url ?? '';
      this.jobs.delete(m.id);
      if (m.error) this.opts.onError?.(`first screen of ${url}: ${m.error}`);
      if (m.missing) this.opts.onMissing?.(url, m.missing);
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      clearTimeout(w.timer);
      w.done(m.html && m.cache ? { html: m.html, cache: m.cache, sources: m.sources ?? [] } : undefined);
    });
    const gone = () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.ready = false;
      this.jobs.clear();
      this.failedAt = Date.now();
      for (const [id, w] of this.waiting) {
        clearTimeout(w.timer);
        w.done(undefined);
        this.waiting.delete(id);
      }
    };
    worker.on('error', (err) => {
      this.opts.onError?.(`the first-screen worker failed: ${err.message}`);
      gone();
    });
    worker.on('exit', gone);
    this.worker = worker;
    return worker;
  }

  /** The page's #root and query cache, or undefined when they are not there in time. */
  render(page: SsrPage): Promise<RenderedScreen | undefined> {
    const worker = this.ensureWorker();
    if (!worker || !this.ready || this.jobs.size >= this.maxWaiting) return Promise.resolve(undefined);
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(undefined);
      }, this.timeoutMs);
      this.waiting.set(id, { done: resolve, timer });
      this.jobs.set(id, { page, reads: 0 });
      worker.postMessage({ id, page } satisfies SsrJob);
    });
  }

  /** A read of a page in the worker: a GET of our own API as that page's member, a bounded number per page. */
  private async answerRead(worker: Worker, m: SsrRead): Promise<void> {
    const job = this.jobs.get(m.job);
    let answer: Omit<SsrReadAnswer, 'type' | 'id'> = { status: 503, body: '', headers: {} };
    if (job && this.opts.read && job.reads < MAX_READS && m.path.startsWith('/') && !m.path.startsWith('//') && m.path.length <= 500) {
      job.reads++;
      answer = await this.opts.read(job.page, m.path).catch(() => answer);
    }
    if (this.worker === worker) worker.postMessage({ type: 'read', id: m.id, ...answer } satisfies SsrReadAnswer);
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    for (const [, w] of this.waiting) {
      clearTimeout(w.timer);
      w.done(undefined);
    }
    this.waiting.clear();
    if (worker) await worker.terminate();
  }
}
