import type { Ctx } from '../../context.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { defineCache } from '../../platform/caches.ts';

/**
 * What the user directory (modules/appusers) keeps in memory: per app, its listable members made
 * searchable (`${appId}:`), and per reader, the ids of their favorites (`${appId}:${userId}:`).
 * Both are dropped on every node when a profile, a preference or a favorite changes; other changes
 * (a new member, a deleted account) show within the 30 s they live.
 */
export const directoryIndexes = defineCache('appusers-index', () => new TtlCache<unknown>(30_000, 200));
export const readerFavorites = defineCache('appusers-favorites', () => new TtlCache<Set<number>>(30_000, 20_000));

export const favoritesKey = (appId: number, userId: number) => `${appId}:${userId}:`;

/** After a member's profile or preferences changed: the app's directory, on every node. */
export function directoryChanged(ctx: Pick<Ctx, 'bus'>, appId: number): void {
  ctx.bus.publish({ t: 'cache', name: directoryIndexes.name, prefix: `${appId}:` });
}

/** After a member's favorites changed: their cached ids, on every node. */
export function favoritesChanged(ctx: Ctx, appId: number, userId: number): void {
  ctx.bus.publish({ t: 'cache', name: readerFavorites.name, prefix: favoritesKey(appId, userId) });
}
