import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';

/** The channel every node LISTENs on; the database triggers of migration 0003 write to it too. */
export const CACHE_CHANNEL = 'cache_events';

const cacheEvent = z.discriminatedUnion('t', [
  /** Apps, domains or modules changed (also sent by triggers). */
  z.object({ t: z.literal('apps') }),
  /** These access tokens were revoked or deleted (also sent by triggers). */
  z.object({ t: z.literal('tokens'), hashes: z.array(z.string().max(128)).max(1000) }),
  /** Entries of a module's cache under a key prefix are stale ('' for the whole cache). */
  z.object({ t: z.literal('cache'), name: z.string().max(64), prefix: z.string().max(200) }),
  /** Everything may be stale (a node missed notifications while its connection was down). */
  z.object({ t: z.literal('all') }),
]);
export type CacheEvent = z.infer<typeof cacheEvent>;

const envelope = z.union([cacheEvent, z.object({ node: z.string().max(64), e: cacheEvent })]);

/** Bounded: a payload is at most 8,000 bytes in PostgreSQL; anything bigger is not ours. */
const MAX_PAYLOAD = 8_000;

/**
 * Invalidation of the in-memory caches on every node at once. `publish` applies the event here
 * and sends it through PostgreSQL NOTIFY (one channel, LISTENed on by every node), so a logout,
 * a password reset, a deleted account or a module change takes effect everywhere within the
 * time a notification takes (milliseconds), not after a cache's time to live.
 */
export class CacheBus {
  readonly node = randomUUID();
  private handlers: Array<(e: CacheEvent) => void> = [];
  private stop: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  /** Registers what to drop for each event (app.ts wires the caches). */
  on(handler: (e: CacheEvent) => void): void {
    this.handlers.push(handler);
  }

  private apply(e: CacheEvent): void {
    for (const h of this.handlers) h(e);
  }

  /**
   * Applies the event on this node now and announces it to the others. PGlite is embedded in this
   * one process, so there are no others: no NOTIFY round trip (each cost a statement on the one
   * PGlite connection; creating a comment sent four). Database triggers still notify on PGlite.
   */
  publish(e: CacheEvent): void {
    this.apply(e);
    if (this.database.kind === 'pglite') return;
    const payload = JSON.stringify({ node: this.node, e });
    this.database.db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${payload})`).catch(this.onError);
  }

  /** Handles a notification: ours (already applied) are skipped, malformed ones ignored. */
  receive(payload: string): void {
    if (payload.length > MAX_PAYLOAD) return;
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      return;
    }
    const parsed = envelope.safeParse(json);
    if (!parsed.success) return;
    if ('node' in parsed.data) {
      if (parsed.data.node !== this.node) this.apply(parsed.data.e);
    } else {
      this.apply(parsed.data);
    }
  }

  async start(): Promise<void> {
    this.stop = await this.database.listen(
      CACHE_CHANNEL,
      (payload) => this.receive(payload),
      () => this.apply({ t: 'all' }),
    );
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = undefined;
  }
}
