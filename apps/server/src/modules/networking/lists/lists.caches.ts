import type { Ctx } from '../../../context.ts';
import { TtlCache } from '../../../lib/ttl-cache.ts';
import { defineCache } from '../../../platform/caches.ts';

/**
 * What the networker lists keep per reader (`${appId}:${userId}:`): their marks, contacts and
 * tags with the New ranking made from them (`networking-lists`), and the pages answered in the
 * last 15 seconds (`networking-list-pages`). Both are dropped on every node when the reader's marks
 * or contacts change (`listsChanged`, called by the hub's `afterScoreChange` for 'lists'); the app's
 * members with their tags live in the directory's index cache (dropped by any profile change).
 */
export const readerLists = defineCache('networking-lists', () => new TtlCache<unknown>(30_000, 20_000));
export const readerPages = defineCache('networking-list-pages', () => new TtlCache<unknown>(15_000, 2_000));

export const readerKey = (appId: number, userId: number) => `${appId}:${userId}:`;

/** After these members' marks or contacts changed: their cached lists, on every node. */
export function listsChanged(ctx: Ctx, appId: number, userIds: readonly number[]): void {
  for (const u of new Set(userIds))
    for (const def of [readerLists, readerPages]) ctx.bus.publish({ t: 'cache', name: def.name, prefix: readerKey(appId, u) });
}
