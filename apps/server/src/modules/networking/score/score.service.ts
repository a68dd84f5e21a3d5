import { ACHIEVEMENTS } from '@app/contract/constants';
import {
  type Achievement,
  NETWORKING_POINTS,
  type NetworkingChange,
  type NetworkingLevel,
  POINT_ACTIONS,
} from '@app/contract/schemas/networking-hub';
import { LEADERBOARD, type Leaderboard, type LeaderRow, type NetworkingScore, ONCE_ACTIONS } from '@app/contract/schemas/networking-score';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { requireModule } from '../../../platform/require-module.ts';
import type { Scope } from '../../../platform/scope.ts';
import { awardPoints } from '../networking.points.ts';
import { computeBadges, leaderCut } from './badges.ts';
import { computeLevel } from './levels.ts';
import {
  addBadge,
  type BoardPerson,
  badgeDates,
  boardPeople,
  clearLevelWindows,
  dueStandings,
  isComplete,
  memberStanding,
  pointsBySource,
  type RankedRow,
  type Standing,
  standingFacts,
  trySweepLock,
  writeStandings,
} from './score.queries.ts';
import { dropRanking, freshRanking, patchRanking, positionOf, type Ranking, rankingOf } from './score.ranking.ts';

/** A live connection of this member on this node. */
function liveNow(ctx: Ctx | undefined, userId: number): boolean {
  return (ctx?.io?.of('/').adapter.rooms.get(`user:${userId}`)?.size ?? 0) > 0;
}

const sameBadges = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Computes these members' levels and badges again from the facts and stores what changed (in `db`,
 * which may be a transaction). Answers the members whose level or badges changed. The leader badge
 * is not checked here (it needs the whole ranking: `leaderTick`).
 */
export async function recomputeStandings(
  db: Db,
  ctx: Ctx | undefined,
  appId: number,
  ids: readonly number[],
  now = Date.now(),
): Promise<number[]> {
  const unique = [...new Set(ids)];
  const facts = await standingFacts(db, appId, unique);
  const writes: Standing[] = [];
  const changed: number[] = [];
  for (const f of facts) {
    const { level, until } = computeLevel(
      {
        profileComplete: isComplete(f),
        lastSeenAt: f.seen,
        liveNow: liveNow(ctx, f.id),
        anyActivity: f.any_activity,
        lastStartedAt: f.started,
        lastRespondedAt: f.responded,
      },
      now,
    );
    const held = f.badges ?? [];
    const badges = computeBadges(held, { level, push: f.push, meet: f.meet, connections: f.connections, leader: null });
    const levelChanged = (f.level ?? 1) !== level;
    const badgesChanged = !sameBadges(held, badges);
    const untilChanged = Math.round(f.level_until ?? -1) !== Math.round(until ?? -1);
    if (levelChanged || badgesChanged) changed.push(f.id);
    // No row reads as level 1 without badges: nothing to store for a member who is just that.
    if (levelChanged || badgesChanged || untilChanged)
      writes.push({ userId: f.id, level, until: until === null ? null : new Date(until), badges });
  }
  await writeStandings(db, appId, writes);
  // Accounts gone meanwhile (deleted): their window must not bring the sweep back to them.
  const found = new Set(facts.map((f) => f.id));
  const gone = unique.filter((id) => !found.has(id));
  if (gone.length) await clearLevelWindows(db, gone);
  return changed;
}

/**
 * After a write that changed members' points, marks or contacts (committed; `networking.points.ts`
 * afterScoreChange): their levels and badges are computed again, their screens told, and the app's
 * leaderboard refreshed (at most once a second) when points or standings moved.
 */
export async function standingsChanged(ctx: Ctx, appId: number, userIds: readonly number[], what: NetworkingChange[]): Promise<void> {
  let changed: number[] = [];
  try {
    changed = await recomputeStandings(ctx.db, ctx, appId, userIds);
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'networking: levels not recomputed');
  }
  const tell = new Set<NetworkingChange>(what);
  if (changed.length) tell.add('score');
  ctx.io?.to([...new Set(userIds)].map((u) => `user:${u}`)).emit('networkingActivity', { state: 'idle', what: [...tell] });
  if (tell.has('score')) leaderboardChanged(ctx, appId, userIds);
}

// --- The leaderboard's live refresh and the leader badge, at most once a second per app -------------

/** At most one leaderboard refresh per app and second: the open leaderboards refetch once. */
export const LEADERBOARD_THROTTLE_MS = 1_000;
interface Ticks {
  timers: Map<number, NodeJS.Timeout>;
  /** Members of each app whose points or standing changed since its last tick. */
  changed: Map<number, Set<number>>;
  /** Apps whose tick is running, and whether a change came meanwhile. */
  running: Map<number, boolean>;
  /** When each app's last tick told its room. */
  last: Map<number, number>;
  stopped: boolean;
}
const ticks = new WeakMap<Ctx, Ticks>();

function ticksOf(ctx: Ctx): Ticks {
  let t = ticks.get(ctx);
  if (!t) {
    t = { timers: new Map(), changed: new Map(), running: new Map(), last: new Map(), stopped: false };
    ticks.set(ctx, t);
  }
  return t;
}

/**
 * The app's points or standings changed: within a second (at most once a second per app on this
 * node) its ranking is rebuilt (the old one served meanwhile; other nodes told to rebuild theirs),
 * the leader badge checked on it, and the app's members with the leaderboard open told
 * (`networkingActivity` { what: ['leaderboard'] }). So a burst of points costs one ranking query.
 */
export function leaderboardChanged(ctx: Ctx, appId: number, userIds: readonly number[] = []): void {
  const t = ticksOf(ctx);
  if (t.stopped) return;
  const set = t.changed.get(appId) ?? new Set<number>();
  for (const id of userIds) set.add(id);
  t.changed.set(appId, set);
  if (t.timers.has(appId)) return;
  if (t.running.has(appId)) {
    t.running.set(appId, true);
    return;
  }
  const wait = Math.max(0, (t.last.get(appId) ?? 0) + LEADERBOARD_THROTTLE_MS - Date.now());
  const timer = setTimeout(() => {
    t.timers.delete(appId);
    t.running.set(appId, false);
    const ids = [...(t.changed.get(appId) ?? [])];
    t.changed.delete(appId);
    leaderTick(ctx, appId, ids)
      .catch((err: unknown) => ctx.log.warn({ err: (err as Error).message }, 'networking: leaderboard tick failed'))
      .finally(() => {
        t.last.set(appId, Date.now());
        const again = t.running.get(appId);
        t.running.delete(appId);
        if (again) leaderboardChanged(ctx, appId);
      });
  }, wait);
  timer.unref();
  t.timers.set(appId, timer);
}

/**
 * Resolves once no leaderboard refresh is waiting or running on this node (a test that compares
 * tables before and after a call waits for the refreshes earlier calls started).
 */
export async function leaderboardIdle(ctx: Ctx, timeoutMs = 5_000): Promise<void> {
  const t = ticksOf(ctx);
  const until = Date.now() + timeoutMs;
  while ((t.timers.size > 0 || t.running.size > 0) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
}

/** Stops this node's pending leaderboard refreshes (server closing). */
export function stopLeaderboardTicks(ctx: Ctx) {
  const t = ticksOf(ctx);
  t.stopped = true;
  for (const timer of t.timers.values()) clearTimeout(timer);
  t.timers.clear();
  const o = online.get(ctx);
  if (o?.timer) clearTimeout(o.timer);
}

/** The leader badge for the top 10 % of the fresh ranking who lack it, then the app's leaderboards told. */
export async function leaderTick(ctx: Ctx, appId: number, changedIds?: readonly number[]): Promise<number[]> {
  // Other nodes rebuild theirs at their next read; this one patches the members who changed (or builds anew).
  dropRanking(ctx, appId);
  const ranking = changedIds?.length ? await patchRanking(ctx, appId, changedIds) : await freshRanking(ctx, appId);
  const cut = leaderCut(ranking.rows.length, LEADERBOARD.leaderShare);
  const newLeaders = await addBadge(
    ctx.db,
    appId,
    ranking.rows.slice(0, cut).map((r) => r.id),
    'leader',
  );
  if (newLeaders.length) {
    for (const id of newLeaders) {
      const p = ranking.people.get(id);
      if (p && !p.badges.includes('leader')) p.badges = [...p.badges, 'leader'];
    }
    ctx.io?.to(newLeaders.map((u) => `user:${u}`)).emit('networkingActivity', { state: 'idle', what: ['score'] });
  }
  ctx.io?.to(`app:${appId}`).emit('networkingActivity', { state: 'idle', what: ['leaderboard'] });
  return newLeaders;
}

// --- The sweep: members whose 6-hour (or online) window ended --------------------------------------

export const SWEEP_EVERY_MS = 60_000;
const SWEEP_BATCH = 500;
/** The advisory lock that makes one node sweep at a time. */
const SWEEP_LOCK = 0x6e65_7473; // "nets"

/**
 * Computes again the levels whose window ended (`level_until` passed). One node at a time: the
 * sweep runs in a transaction holding an advisory lock, which another node's sweep does not wait
 * for. Answers the members whose level or badges changed.
 */
export async function sweepLevels(ctx: Ctx, now = Date.now()): Promise<number[]> {
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await trySweepLock(tx, SWEEP_LOCK))) return [];
    const due = await dueStandings(tx, SWEEP_BATCH);
    const byApp = new Map<number, number[]>();
    for (const d of due) byApp.set(d.appId, [...(byApp.get(d.appId) ?? []), d.userId]);
    const out: Array<{ appId: number; changed: number[] }> = [];
    for (const [appId, ids] of byApp) out.push({ appId, changed: await recomputeStandings(tx, ctx, appId, ids, now) });
    return out;
  });
  for (const { appId, changed } of done) {
    if (!changed.length) continue;
    ctx.io?.to(changed.map((u) => `user:${u}`)).emit('networkingActivity', { state: 'idle', what: ['score'] });
    leaderboardChanged(ctx, appId, changed);
  }
  return done.flatMap((d) => d.changed);
}

/** This node's sweep: a first run soon after start, then every minute; stopped when the server closes. */
export function startLevelSweep(ctx: Ctx): () => void {
  let busy = false;
  let stopped = false;
  const tick = () => {
    if (busy || stopped) return;
    busy = true;
    sweepLevels(ctx)
      .catch((err: unknown) => ctx.log.warn({ err: (err as Error).message }, 'networking: level sweep failed'))
      .finally(() => {
        busy = false;
      });
  };
  const first = setTimeout(tick, 5_000 + Math.floor(Math.random() * 5_000));
  const every = setInterval(tick, SWEEP_EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
    stopLeaderboardTicks(ctx);
  };
}

// --- Points from other modules: a complete profile with a photo, push allowed -----------------------

/**
 * The users module calls this after the member saved their profile, avatar or photo (committed):
 * a complete profile with a photo earns its points once, and the level follows the profile. Never
 * throws into the save.
 */
export async function profileSaved(ctx: Ctx, appId: number, userId: number): Promise<void> {
  try {
    const [f] = await standingFacts(ctx.db, appId, [userId]);
    if (!f) return;
    const complete = isComplete(f);
    if (complete) await awardPoints(ctx.db, { appId, userId, action: 'profileComplete', ref: '' });
    await standingsChanged(ctx, appId, [userId], ['score']);
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'networking: profile points not given');
  }
}

/** The push module calls this after it stored a subscription of the member: the push points once, and the push badge. */
export async function pushAllowed(ctx: Ctx, appId: number, userId: number): Promise<void> {
  try {
    // Only the first time: a device renewing its subscription changes nothing of the standing.
    if (await awardPoints(ctx.db, { appId, userId, action: 'pushEnabled', ref: '' }))
      await standingsChanged(ctx, appId, [userId], ['score']);
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'networking: push points not given');
  }
}

/** When a member connects, at most every 10 minutes per member on this node: online may raise their level to 3. */
const ONLINE_RECHECK_MS = 10 * 60_000;
/** Connections are looked at together, every few seconds: 2,000 members joining a session cost a few queries. */
const ONLINE_BATCH_MS = 3_000;
const online = new WeakMap<Ctx, { checked: Map<number, number>; queued: Map<number, Set<number>>; timer?: NodeJS.Timeout }>();

export function memberConnected(ctx: Ctx, appId: number, userId: number): void {
  let o = online.get(ctx);
  if (!o) {
    o = { checked: new Map(), queued: new Map() };
    online.set(ctx, o);
  }
  const now = Date.now();
  if (now - (o.checked.get(userId) ?? 0) < ONLINE_RECHECK_MS) return;
  if (o.checked.size > 100_000) o.checked.clear();
  o.checked.set(userId, now);
  const set = o.queued.get(appId) ?? new Set<number>();
  set.add(userId);
  o.queued.set(appId, set);
  if (o.timer || ticksOf(ctx).stopped) return;
  const state = o;
  o.timer = setTimeout(() => {
    state.timer = undefined;
    const batches = [...state.queued];
    state.queued.clear();
    void (async () => {
      for (const [app, ids] of batches) {
        const all = [...ids];
        for (let i = 0; i < all.length; i += 500) {
          if (ticksOf(ctx).stopped) return;
          const changed = await recomputeStandings(ctx.db, ctx, app, all.slice(i, i + 500));
          if (!changed.length) continue;
          ctx.io?.to(changed.map((u) => `user:${u}`)).emit('networkingActivity', { state: 'idle', what: ['score'] });
          leaderboardChanged(ctx, app, changed);
        }
      }
    })().catch((err: unknown) => ctx.log.warn({ err: (err as Error).message }, 'networking: levels on connect not computed'));
  }, ONLINE_BATCH_MS);
  o.timer.unref();
}

// --- The calls ------------------------------------------------------------------------------------

/** The rating details: my total, level, rank, badges with their dates, and the points by source. */
export async function getScore(ctx: Ctx, scope: Scope, moduleId: number): Promise<NetworkingScore> {
  await requireModule(ctx, scope, 'networking', moduleId);
  const me = scope.user.id;
  const [standing, sources, dates, ranking] = await Promise.all([
    memberStanding(ctx.db, me),
    pointsBySource(ctx.db, me),
    badgeDates(ctx.db, me),
    rankingOf(ctx, scope.tenant.id),
  ]);
  const bySource = new Map(sources.map((s) => [s.action, s]));
  const dated = new Map(dates.map((d) => [d.badge, d.earnedAt.toISOString()]));
  const held = (standing?.badges ?? []) as Achievement[];
  return {
    points: standing?.points ?? 0,
    level: (standing?.level ?? 1) as NetworkingLevel,
    rank: rankOf(ranking, me, standing),
    badges: ACHIEVEMENTS.filter((k) => held.includes(k)).map((key) => ({
      key,
      earned_at: dated.get(key) ?? new Date(0).toISOString(),
    })),
    all_badges: [...ACHIEVEMENTS],
    sources: POINT_ACTIONS.map((action) => ({
      action,
      each: NETWORKING_POINTS[action],
      once: ONCE_ACTIONS.includes(action),
      count: bySource.get(action)?.count ?? 0,
      points: bySource.get(action)?.points ?? 0,
    })),
  };
}

function rankOf(ranking: Ranking, me: number, standing: { points: number; at: number } | undefined): number | null {
  const i = ranking.index.get(me);
  if (i !== undefined) return i + 1;
  if (!standing || standing.points <= 0) return null;
  return positionOf(ranking.rows, standing.points, standing.at, me) + 1;
}

function toRow(r: RankedRow, i: number, p: BoardPerson | undefined): LeaderRow {
  return {
    rank: i + 1,
    id: r.id,
    fullname: p ? `${p.firstName} ${p.lastName}`.trim() : '',
    avatar: p?.avatar ?? null,
    is_verified: p?.isVerified ?? false,
    level: p?.level ?? 1,
    badges: (p?.badges ?? []) as Achievement[],
    points: r.points,
  };
}

/**
 * The leaderboard: the top 50, my rank and points, and when I am below the top the people just
 * above and below me. Members hidden from lists take no rank; one of them sees where they would stand.
 */
export async function getLeaderboard(ctx: Ctx, scope: Scope, moduleId: number): Promise<Leaderboard> {
  await requireModule(ctx, scope, 'networking', moduleId);
  const me = scope.user.id;
  const ranking = await rankingOf(ctx, scope.tenant.id);
  const { rows, people } = ranking;
  const i = ranking.index.get(me);
  const mine = i === undefined ? await memberStanding(ctx.db, me) : undefined;
  const meRow = i === undefined ? undefined : rows[i];
  const rank = rankOf(ranking, me, meRow ?? mine);
  let slice: { from: number; rows: RankedRow[] } | undefined;
  if (rank !== null && rank > LEADERBOARD.top) {
    const at = rank - 1;
    const from = Math.max(0, at - LEADERBOARD.around);
    // Listed: me in the middle; hidden: the people either side of where I would stand.
    const to = i === undefined ? at + LEADERBOARD.around : at + LEADERBOARD.around + 1;
    slice = { from, rows: rows.slice(from, to) };
  }
  // The people of the top come with the ranking; those around me (and me) in one query.
  const missing = [...(slice?.rows ?? []).map((r) => r.id), me].filter((id) => !people.has(id));
  const found = new Map((await boardPeople(ctx.db, scope.tenant.id, missing)).map((p) => [p.id, p]));
  // Kept with this ranking (a patch drops whoever changes): the next look at the same rows costs no query.
  if (people.size < 5_000) for (const [id, p] of found) people.set(id, p);
  const person = (id: number) => people.get(id) ?? found.get(id);
  const top = rows.slice(0, LEADERBOARD.top).map((r, k) => toRow(r, k, person(r.id)));
  const around = slice ? slice.rows.map((r, k) => toRow(r, (slice?.from ?? 0) + k, person(r.id))) : [];
  const myself = person(me);
  return {
    top,
    me: {
      id: me,
      rank,
      points: meRow?.points ?? mine?.points ?? 0,
      level: myself?.level ?? mine?.level ?? 1,
      badges: (myself?.badges ?? mine?.badges ?? []) as Achievement[],
    },
    around,
    total: rows.length,
  };
}
