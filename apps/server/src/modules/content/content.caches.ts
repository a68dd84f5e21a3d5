import type { Ctx } from '../../context.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { type CacheDef, defineCache } from '../../platform/caches.ts';
import type { Marks } from './content.queries.ts';

/**
 * What the content pages cache (issue 8's bench: a feed request went from ~9 queries to none when
 * the reader asks again). Keys start with the module id, so a change in a module drops its entries
 * on every node (`dropModulePages`, called by `announce` after every post, comment, like or vote).
 *
 * - `feedPages`: a feed page as every reader sees it (rows, polls, files, total), per page, size
 *   and search.
 * - `commentPages`: a page of a post's comments as every reader sees it.
 * - `readerPages`: one reader's marks on such a page (liked, followed, reported, voted, admin);
 *   also dropped for that reader when they follow or report (which changes nothing for others).
 *
 * Entries expire after 30 s in any case (an admin flag given elsewhere shows within that time).
 */
export const feedPages = defineCache('content-pages', () => new TtlCache<unknown>(30_000, 2_000));
export const commentPages = defineCache('content-comment-pages', () => new TtlCache<unknown>(30_000, 2_000));
export const readerPages = defineCache('content-marks', () => new TtlCache<Marks>(30_000, 20_000));

/** The cached value, or `load()`'s, kept unless the cache was dropped while loading (a failed load is not kept). */
export async function cached<V>(
  ctx: Ctx,
  def: CacheDef<TtlCache<unknown>> | CacheDef<TtlCache<V>>,
  key: string,
  load: () => Promise<V>,
): Promise<V> {
  const cache = ctx.caches.get(def as CacheDef<TtlCache<V>>);
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const epoch = cache.epoch;
  const value = await load();
  cache.setIfUnchanged(key, value, epoch);
  return value;
}

/** After any change in a module: its pages and every reader's marks on them, on every node. */
export function dropModulePages(ctx: Ctx, moduleId: number): void {
  for (const def of [feedPages, commentPages, readerPages]) ctx.bus.publish({ t: 'cache', name: def.name, prefix: `${moduleId}:` });
}

/** After a reader followed or reported something: only their marks in the module. */
export function dropReaderMarks(ctx: Ctx, moduleId: number, userId: number): void {
  ctx.bus.publish({ t: 'cache', name: readerPages.name, prefix: `${moduleId}:${userId}:` });
}

/** A reader's marks key: module first (for the module's drop), then the reader (for theirs). */
export const marksKey = (moduleId: number, userId: number, page: string) => `${moduleId}:${userId}:${page}`;
