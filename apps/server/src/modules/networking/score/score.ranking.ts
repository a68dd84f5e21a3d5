import type { Ctx } from '../../../context.ts';
import { type Droppable, defineCache } from '../../../platform/caches.ts';
import { appRanking, type BoardPerson, boardPeople, type RankedRow, rankedRows } from './score.queries.ts';

/**
 * How old an app's ranking may get before a read rebuilds it (in the background: the reader gets
 * the one there). Points, levels and badges patch it in place within a second (`patchRanking`, from
 * `leaderboardChanged`); this bounds what no event announces here (a member hiding from lists, a
 * block, a rename shown on the board). A full build of 5,000 members costs PGlite about 40 ms.
 */
export const RANKING_MAX_AGE_MS = 30_000;
/** How many of the top are kept with their names and pictures. */
const KEEP_PEOPLE = 50;

export interface Ranking {
  /** Listed members with points, best first (id, points, when they got them). */
  rows: RankedRow[];
  /** Member id → index in rows. */
  index: Map<number, number>;
  /** Names, pictures, levels and badges of the top (the board's first rows). */
  people: Map<number, BoardPerson>;
  builtAt: number;
}

interface Entry {
  value: Ranking | undefined;
  /** The build under way, shared by every reader who waits for one. */
  pending: Promise<Ranking> | undefined;
  /** Something changed since the value was built (another node said so, or this one). */
  stale: boolean;
  /** Bumped by every change: a build that started before one does not count as fresh. */
  epoch: number;
}

/** The apps' rankings on this node. A bus event marks one stale (it is rebuilt while the old one is served); `clear` forgets them. */
class RankingCache implements Droppable {
  readonly map = new Map<number, Entry>();
  entry(appId: number): Entry {
    let e = this.map.get(appId);
    if (!e) {
      e = { value: undefined, pending: undefined, stale: false, epoch: 0 };
      this.map.set(appId, e);
    }
    return e;
  }
  deletePrefix(prefix: string) {
    const e = this.map.get(Number(prefix));
    if (e) {
      e.stale = true;
      e.epoch++;
    }
  }
  clear() {
    this.map.clear();
  }
}

export const rankingCache = defineCache('networking-ranking', () => new RankingCache());

function build(ctx: Ctx, appId: number, e: Entry): Promise<Ranking> {
  if (e.pending) return e.pending;
  const epoch = e.epoch;
  const p = (async () => {
    const rows = await appRanking(ctx.db, appId);
    const top = rows.slice(0, KEEP_PEOPLE).map((r) => r.id);
    const people = new Map((await boardPeople(ctx.db, appId, top)).map((p) => [p.id, p]));
    const value: Ranking = { rows, index: new Map(rows.map((r, i) => [r.id, i])), people, builtAt: Date.now() };
    e.value = value;
    if (e.epoch === epoch) e.stale = false;
    return value;
  })();
  e.pending = p;
  p.finally(() => {
    if (e.pending === p) e.pending = undefined;
  }).catch(() => {});
  return p;
}

/**
 * The app's ranking (listed members with points, best first). A reader never waits for a rebuild
 * when there is one to serve: a stale or old ranking is answered while a new one is built (one
 * build per app at a time), so a change costs one query per app, not one per reader.
 */
export function rankingOf(ctx: Ctx, appId: number): Promise<Ranking> {
  const e = ctx.caches.get(rankingCache).entry(appId);
  if (!e.value) return build(ctx, appId, e);
  if (e.stale || Date.now() - e.value.builtAt > RANKING_MAX_AGE_MS) void build(ctx, appId, e).catch(() => {});
  return Promise.resolve(e.value);
}

/** A ranking built after now (waits for a build under way, then builds again when it started before the change). */
export async function freshRanking(ctx: Ctx, appId: number): Promise<Ranking> {
  const e = ctx.caches.get(rankingCache).entry(appId);
  e.stale = true;
  e.epoch++;
  if (e.pending) await e.pending.catch(() => undefined);
  return build(ctx, appId, e);
}

/** Past this many changed members a patch costs more than a build. */
const PATCH_MAX = 500;

/**
 * The ranking with these members' rows read again and put in place (a member who left it, by losing
 * their points or hiding from lists, taken out), and their names, levels and badges read again when
 * they are among the top: one small query instead of the whole board. Without a ranking here, or for
 * many members, a full build.
 */
export async function patchRanking(ctx: Ctx, appId: number, ids: readonly number[]): Promise<Ranking> {
  const e = ctx.caches.get(rankingCache).entry(appId);
  if (e.pending) await e.pending.catch(() => undefined);
  const old = e.value;
  if (!old || ids.length > PATCH_MAX) return freshRanking(ctx, appId);
  const epoch = e.epoch;
  const fresh = await rankedRows(ctx.db, appId, ids);
  const changed = new Set(ids);
  const rows = old.rows.filter((r) => !changed.has(r.id));
  for (const r of fresh) rows.splice(positionOf(rows, r.points, r.at, r.id), 0, r);
  const people = new Map(old.people);
  for (const id of changed) people.delete(id);
  const want = rows
    .slice(0, KEEP_PEOPLE)
    .filter((r) => !people.has(r.id))
    .map((r) => r.id);
  for (const p of await boardPeople(ctx.db, appId, want)) people.set(p.id, p);
  const value: Ranking = { rows, index: new Map(rows.map((r, i) => [r.id, i])), people, builtAt: old.builtAt };
  // Another change or build meanwhile: its own patch or build follows; this one still holds these members.
  if (e.value === old) e.value = value;
  if (e.epoch === epoch) e.stale = false;
  return value;
}

/** Marks the app's ranking stale on every node (points, levels, badges or who is listed changed). */
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
