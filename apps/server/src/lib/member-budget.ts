// One allowance per member and kind of write, counted in one place whichever way the write came:
// an HTTP route (perMemberLimit, through @fastify/rate-limit's store) and a socket event of the same
// kind draw from the same window, so ten sockets and a tab posting together stop where one would.
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';

/** Keys kept before the expired windows are swept (a key is a member and a bucket). */
const SWEEP_AT = 10_000;
/** Keys kept at most: past it, the oldest windows go, as an LRU cache would drop them. */
const MAX_KEYS = 50_000;

/** One key's window: when it started, how long it runs, and what it counted. */
export interface Window<T> {
  start: number;
  /** This window's length: buckets of several lengths share one map. */
  ms: number;
  value: T;
}

/**
 * Fixed windows by key, bounded. The map is kept in the order the windows started (a renewed window
 * moves to the end), so a sweep stops at the first window still running: each call costs what it
 * removes, never a walk over every key. Used by the write budgets and the upload budgets.
 */
export class FixedWindows<T> {
  private readonly windows = new Map<string, Window<T>>();
  /** A sweep that found every window running waits a moment before the next (the walk costs). */
  private nextSweep = 0;

  constructor(
    private readonly fresh: () => T,
    private readonly sweepAt = SWEEP_AT,
    private readonly maxKeys = MAX_KEYS,
  ) {}

  /** The window of `key` running at `now`: a new one when it had none or its window ended. */
  current(key: string, windowMs: number, now = Date.now()): Window<T> {
    let w = this.windows.get(key);
    if (!w || w.start + w.ms <= now) {
      if (w) this.windows.delete(key);
      else if (this.windows.size >= this.maxKeys) this.dropOldest();
      else if (this.windows.size >= this.sweepAt && now >= this.nextSweep) this.sweep(now);
      w = { start: now, ms: windowMs, value: this.fresh() };
      this.windows.set(key, w);
    }
    return w;
  }

  /** Keys held (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }

  deletePrefix(prefix: string): void {
    for (const k of this.windows.keys()) if (k.startsWith(prefix)) this.windows.delete(k);
  }

  clear(): void {
    this.windows.clear();
  }

  /** The expired windows at the front of the map go (at most once a second). */
  private sweep(now: number) {
    this.nextSweep = now + 1000;
    for (const [key, w] of this.windows) {
      if (w.start + w.ms > now) break;
      this.windows.delete(key);
    }
  }

  /**
   * Full of running windows (a flood of new keys): the oldest tenth go at once, so the next calls
   * do not each pay for a walk to the first key left.
   */
  private dropOldest() {
    const keep = Math.floor(this.maxKeys * 0.9);
    for (const key of this.windows.keys()) {
      if (this.windows.size <= keep) break;
      this.windows.delete(key);
    }
  }
}

/** Fixed-window counters by key, as @fastify/rate-limit's local store counts. */
export class WindowCounter {
  private readonly windows: FixedWindows<{ count: number }>;

  constructor(sweepAt = SWEEP_AT, maxKeys = MAX_KEYS) {
    this.windows = new FixedWindows(() => ({ count: 0 }), sweepAt, maxKeys);
  }

  /** Counts one more use of `key`; answers the uses in the current window and the ms left of it. */
  incr(key: string, windowMs: number): { current: number; ttl: number } {
    const now = Date.now();
    const w = this.windows.current(key, windowMs, now);
    w.value.count += 1;
    return { current: w.value.count, ttl: w.start + w.ms - now };
  }

  /** Keys held (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }
}

/** The key of a member's bucket: the same for a route and a socket event. */
export const budgetKey = (bucket: string, appId: number | string, member: number | string) => `${bucket}|${appId}|${member}`;

/**
 * The rate-limit plugin's store: routes marked `memberBudget` (perMemberLimit) count in the shared
 * counter, every other limited route (per address: sign-in, public calls) in a counter of its own,
 * as the plugin's default store does.
 */
export function rateLimitStore(shared: WindowCounter) {
  return class BudgetStore implements FastifyRateLimitStore {
    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly counter: WindowCounter = new WindowCounter(),
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      callback(null, this.counter.incr(key, timeWindow));
    }

    /** `routeOptions` are the route's rate-limit options merged over the plugin's. */
    child(routeOptions: object): FastifyRateLimitStore {
      const member = (routeOptions as { memberBudget?: boolean }).memberBudget === true;
      return new BudgetStore(undefined, member ? shared : new WindowCounter());
    }
  };
}
