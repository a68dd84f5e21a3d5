import type { Ctx } from '../../../context.ts';
import { type Droppable, defineCache } from '../../../platform/caches.ts';
import { appRanking, type RankedRow } from './score.queries.ts';

/** How long an app's ranking is kept: the leaderboard's readers share one query per app this often at most. */
export const RANKING_TTL_MS = 1_500;

export interface Ranking {
  rows: RankedRow[];
  /** Member id → index in rows. */
  index: Map<number, number>;
}

/** The apps' rankings on this node, each a shared promise (readers arriving at an empty entry share one query). */
class RankingCache implements Droppable {
  readonly map = new Map<number, { until: number; value: Promise<Ranking> }>();
  deletePrefix(prefix: string) {
    this.map.delete(Number(prefix));
  }
  clear() {
    this.map.clear();
  }
}

export const rankingCache = defineCache('networking-ranking', () => new RankingCache());

/** The app's ranking (listed members with points, best first), from the cache when fresh. */
export function rankingOf(ctx: Ctx, appId: number): Promise<Ranking> {
  const cache = ctx.caches.get(rankingCache);
  const now = Date.now();
  const hit = cache.map.get(appId);
  if (hit && hit.until > now) return hit.value;
  const value = appRanking(ctx.db, appId).then((rows) => ({ rows, index: new Map(rows.map((r, i) => [r.id, i])) }));
  const entry = { until: now + RANKING_TTL_MS, value };
  cache.map.set(appId, entry);
  value.catch(() => {
    if (cache.map.get(appId) === entry) cache.map.delete(appId);
  });
  return value;
}

/** Drops the app's ranking on every node (points, levels, badges or who is listed changed). */
export function dropRanking(ctx: Ctx, appId: number) {
  ctx.bus.publish({ t: 'cache', name: rankingCache.name, prefix: String(appId) });
}

/**
 * Where a member not in the ranking (opted out of lists, or just not there yet) would stand: the
 * number of ranked members ahead of them (more points, or as many got first), as a 0-based index.
 */
export function positionOf(rows: readonly RankedRow[], points: number, at: number, id: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const r = rows[mid] as RankedRow;
    const ahead = r.points > points || (r.points === points && (r.at < at || (r.at === at && r.id < id)));
    if (ahead) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
