// Field data (issue 24): Core Web Vitals of real members, sampled and batched, with no personal data.
// Loaded after the first screen (main.tsx imports this file when the app has started); the
// web-vitals library itself is imported only on an idle moment after the page's load event, and
// only by the sampled share of page loads. Types only from the contract: its schemas bring zod.
import { BREAKPOINTS } from '@app/contract/constants';
import type { VitalDevice, VitalItem, VitalMetric, VitalsConfig } from '@app/contract/schemas/vitals';
import type { Metric } from 'web-vitals';
import { api } from './api.ts';
import { meta } from './meta.ts';
import { isPreviewFrame } from './preview.ts';
import { session } from './session.ts';

/** A later beacon of the same page view waits this long after the last one. */
export const BEACON_GAP_MS = 30_000;
/** Items one beacon carries at most (the server takes 20). */
const BATCH_MAX = 20;
/** Share of page loads that report when the server does not say (the server's own default). */
const DEFAULT_RATE = 0.25;

/** The app's route table's look-up (app/route-table.ts `matchRoute`; lib/ does not import app/). */
export type RouteMatcher = (pathname: string) => { path: string; dev?: boolean | undefined } | undefined;

/** Whether this page load reports: one draw per page load against the app's share. */
export const isSampled = (rate: number, draw: number) => draw < Math.min(1, Math.max(0, rate));

/** Mobile below the app's phone breakpoint (the layout switches there), else desktop. */
export const deviceOf = (width: number): VitalDevice => (width < BREAKPOINTS.md ? 'mobile' : 'desktop');

/**
 * The route pattern of a path (`/news/:app_module_id`), never the path itself: ids, queries and
 * the member stay out. Undefined for a path no route claims and for the developer pages.
 */
export function routePatternOf(pathname: string, match: RouteMatcher): string | undefined {
  const route = match(pathname);
  if (!route || route.dev || !/^\/[\w:\-/]*$/.test(route.path) || route.path.length > 200) return undefined;
  return route.path;
}

/** What a metric report of web-vitals becomes: its name, value, rating and how the page was reached. */
export function itemOf(m: Pick<Metric, 'name' | 'value' | 'rating' | 'navigationType'>, route: string, device: VitalDevice): VitalItem {
  // A soft navigation is reported only by an experimental build of web-vitals; it is a navigation.
  const navigation = m.navigationType === 'soft-navigation' ? 'navigate' : m.navigationType;
  return { route, metric: m.name as VitalMetric, value: Math.max(0, m.value), rating: m.rating, navigation, device };
}

/**
 * The page view's queue. Each metric is sent once per page view, with the value it has when the
 * page is first hidden (LCP, FCP and TTFB are final by then; CLS and INP as far as they went): a
 * value sent twice would count the page view twice in the server's histograms. A beacon goes when
 * the page is hidden, at most one per page view plus one per 30 s (a member switching tabs back and
 * forth sends no more); what waits goes with the next hide after the gap.
 */
export class VitalsQueue {
  private readonly pending = new Map<string, VitalItem>();
  private readonly sent = new Set<string>();
  private lastBeacon = Number.NEGATIVE_INFINITY;
  private beacons = 0;

  constructor(
    private readonly send: (body: string) => boolean,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Queues a metric's latest value, unless this page view sent it already. */
  add(item: VitalItem): void {
    if (this.sent.has(item.metric)) return;
    this.pending.set(item.metric, item);
  }

  /** Sends what waits, when the rule allows it now; answers whether a beacon went. */
  flush(): boolean {
    if (this.pending.size === 0) return false;
    if (this.beacons > 0 && this.now() - this.lastBeacon < BEACON_GAP_MS) return false;
    const items = [...this.pending.values()].slice(0, BATCH_MAX);
    if (!this.send(JSON.stringify({ items }))) return false;
    for (const i of items) {
      this.sent.add(i.metric);
      this.pending.delete(i.metric);
    }
    this.beacons += 1;
    this.lastBeacon = this.now();
    return true;
  }

  /** A page restored from the back/forward cache is a new page view: web-vitals reports it afresh. */
  newView(): void {
    this.pending.clear();
    this.sent.clear();
    this.beacons = 0;
    this.lastBeacon = Number.NEGATIVE_INFINITY;
  }

  /** Beacons this page view sent (tests). */
  get beaconCount(): number {
    return this.beacons;
  }
}

/** Sends a beacon's body: sendBeacon (text/plain, no headers), else a keepalive fetch that may carry the token. */
function sendBody(body: string): boolean {
  const url = new URL('/vitals', meta.app_url || location.origin);
  url.searchParams.set('app', meta.app_key);
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url.toString(), body)) return true;
    const headers: Record<string, string> = { 'content-type': 'text/plain;charset=UTF-8', 'app-key': meta.app_key };
    const token = session.get().token;
    if (token) headers['access-token'] = token;
    void fetch(url, { method: 'POST', body, headers, keepalive: true }).catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

/** Runs `fn` after the page's load event, when the browser is idle (or soon, where there is no idle callback). */
function afterLoadWhenIdle(fn: () => void): void {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 5000 }) : setTimeout(fn, 1500));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

async function sampleRate(): Promise<number> {
  try {
    const { data } = await api<VitalsConfig>('/vitals/config', { public: true, silent: true, query: { app: meta.app_key } });
    return typeof data?.sample_rate === 'number' ? data.sample_rate : DEFAULT_RATE;
  } catch {
    return DEFAULT_RATE;
  }
}

let started = false;

/**
 * Starts field data for this page load: decides once whether it reports (the app's share), then
 * loads web-vitals and sends the metrics of the page's first screen's route when the page is hidden.
 */
export function startVitals(match: RouteMatcher): void {
  // The console's live preview is an organiser at work, not a member's page load.
  if (started || typeof window === 'undefined' || typeof PerformanceObserver === 'undefined' || isPreviewFrame()) return;
  started = true;
  const draw = Math.random();
  afterLoadWhenIdle(() => void run(draw, match));
}

async function run(draw: number, match: RouteMatcher): Promise<void> {
  if (!isSampled(await sampleRate(), draw)) return;
  // The first screen's route (after the start's redirects): the page load the metrics measure.
  let route = routePatternOf(location.pathname, match);
  if (!route) return;
  const device = deviceOf(window.innerWidth);
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  const queue = new VitalsQueue(sendBody);
  const add = (m: Metric) => {
    if (route) queue.add(itemOf(m, route, device));
  };
  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(add);
  // On the document, not the window: web-vitals reports CLS and INP from a capturing listener on
  // the window, which runs first, so their final values are queued before this one sends.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') queue.flush();
  });
  addEventListener('pagehide', () => queue.flush());
  addEventListener('pageshow', (e: PageTransitionEvent) => {
    if (!e.persisted) return;
    // Restored where the member left it: that route's page view.
    queue.newView();
    route = routePatternOf(location.pathname, match);
  });
}
