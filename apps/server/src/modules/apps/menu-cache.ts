import { SingleFlight } from '../../lib/single-flight.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { defineCache } from '../../platform/caches.ts';

/**
 * Serialised menu answers (UTF-8 bytes), keyed `appId:userId:generation`. A read that started before a drop
 * of its user (or of its whole app) does not store its answer: `stamp` before computing,
 * `setIfFresh` after.
 */
export class MenuCache {
  private readonly entries = new TtlCache<Buffer>(30_000);
  private readonly versions = new Map<string, number>();
  private epoch = 0;

  get(key: string): Buffer | undefined {
    return this.entries.get(key);
  }

  stamp(user: string): string {
    return `${this.epoch}:${this.versions.get(user) ?? 0}`;
  }

  setIfFresh(user: string, key: string, body: Buffer, stamp: string): void {
    if (this.stamp(user) === stamp) this.entries.set(key, body);
  }

  private readonly flights = new SingleFlight<string, Buffer>();

  /** The computation of `key` under way since `stamp`, if any: concurrent misses join it. */
  computing(key: string, stamp: string): Promise<Buffer> | undefined {
    return this.flights.joinable(key, stamp);
  }

  /** Records a computation until it settles. */
  track(key: string, stamp: string, body: Promise<Buffer>): void {
    this.flights.track(key, stamp, body);
  }

  /** `appId:userId:` drops one user's answers, `appId:` a whole app's. */
  deletePrefix(prefix: string): void {
    const [appId, userId] = prefix.split(':');
    if (appId && userId) {
      const user = `${appId}:${userId}`;
      if (this.versions.size > 100_000) this.versions.clear();
      this.versions.set(user, (this.versions.get(user) ?? 0) + 1);
    } else {
      this.epoch++;
    }
    this.entries.deletePrefix(prefix);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
  }
}

export const menuCache = defineCache('menu', () => new MenuCache());
