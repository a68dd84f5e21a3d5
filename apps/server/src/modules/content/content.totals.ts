import type { Ctx } from '../../context.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { defineCache } from '../../platform/caches.ts';
import { countPosts, searchQuery } from './content.queries.ts';

/**
 * The number of posts of a module's feed and of its searches, for the pagination headers. Counting
 * a big module costs more than reading its page (10,000 posts: ~10 ms on PGlite, the page < 1 ms,
 * issue 8's bench), and the total is the same for every reader, so it is kept a minute; a post
 * created, edited or deleted drops the module's totals on every node (the cache bus).
 */
export const feedTotals = defineCache('content-totals', () => new TtlCache<number>(60_000, 10_000));

const keyOf = (moduleId: number, search: string | null) => `${moduleId}:${search ? (searchQuery(search) ?? '') : ''}`;

export async function feedTotal(ctx: Ctx, appId: number, moduleId: number, search: string | null): Promise<number> {
  const cache = ctx.caches.get(feedTotals);
  const key = keyOf(moduleId, search);
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const epoch = cache.epoch;
  const n = await countPosts(ctx.db, appId, moduleId, search);
  cache.setIfUnchanged(key, n, epoch);
  return n;
}

/** After a post of the module was created, edited or deleted. */
export function dropFeedTotals(ctx: Ctx, moduleId: number): void {
  ctx.bus.publish({ t: 'cache', name: feedTotals.name, prefix: `${moduleId}:` });
}
