// One allowance per member and kind of write, counted in one place whichever way the write came:
// an HTTP route (perMemberLimit, through @fastify/rate-limit's store) and a socket event of the same
// kind draw from the same window, so ten sockets and a tab posting together stop where one would.
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';

interface Window {
  count: number;
  start: number;
}

/** Keys kept before the expired ones are swept (a key is a member and a bucket). */
const SWEEP_AT = 10_000;

/** Fixed-window counters by key, as @fastify/rate-limit's local store counts. */
export class WindowCounter {
  private readonly windows = new Map<string, Window>();

  /** Counts one more use of `key`; answers the uses in the current window and the ms left of it. */
  incr(key: string, windowMs: number): { current: number; ttl: number } {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.start + windowMs <= now) {
      if (!w && this.windows.size >= SWEEP_AT) this.sweep(now, windowMs);
      w = { count: 0, start: now };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { current: w.count, ttl: w.start + windowMs - now };
  }

  private sweep(now: number, windowMs: number) {
    for (const [key, w] of this.windows) if (w.start + windowMs <= now) this.windows.delete(key);
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
