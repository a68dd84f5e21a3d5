import type { NetworkingState } from '@app/contract/realtime';
import type { NetworkingChange } from '@app/contract/schemas/networking-hub';
import { SESSIONS } from '@app/contract/schemas/networking-sessions';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { type Award, afterScoreChange, awardAll } from '../networking.points.ts';
import { labels, pairRound, withoutRepeats } from './pairing.ts';
import {
  activeParticipants,
  deleteSeats,
  dueSessions,
  groupsOf,
  insertSeats,
  lockForTick,
  markBumped,
  type SessionRow,
  seatsOf,
  updateSession,
} from './sessions.queries.ts';

/** Each speed networking session (spec 3 §9): once per session and member, when first seated. */
const sessionAwards = (s: { appId: number; id: number }, userIds: readonly number[]): Award[] =>
  userIds.map((userId) => ({ appId: s.appId, userId, action: 'session', ref: s.id }));

/** What a step of a session did, told to the clients after the commit. */
export interface SessionChange {
  session: SessionRow;
  /** Members whose own screen changed (seated, re-matched, given points). */
  touched: number[];
  /** Members who got session points now. */
  awarded: number[];
  /** Only the touched members are told (a member's own action): the app's room hears of state changes only. */
  quiet?: boolean;
  /** The pairing's time, ms (the bench reports it). */
  pairingMs?: number;
}

/** The ready check comes this long into a round: a minute, or half a short round. */
export const readyWindowMs = (roundSeconds: number) => Math.min(SESSIONS.readyWindowSeconds * 1000, (roundSeconds * 1000) / 2);

/** A seed per session and round: the pairing is reproducible from the database. */
const seedOf = (s: SessionRow, round: number, salt = 0) => (s.id * 7919 + round * 104_729 + salt) | 0;

/** The round's topic-free state as the banner's payload has it. */
export function stateOf(s: SessionRow): NetworkingState {
  if (s.state === 'running') return s.phase === 'talk' ? 'running' : 'completed';
  if (s.state === 'completed') return 'completed';
  if (s.state === 'cancelled') return 'stopped';
  return 'idle';
}

/** Tells the app's members (banner, pages) and the touched members (their screens) what changed. */
export async function announce(ctx: Ctx, change: SessionChange): Promise<void> {
  const s = change.session;
  const payload = {
    state: stateOf(s),
    session_id: s.id,
    app_module_id: s.appModuleId,
    round: s.round,
    ends_at: s.state === 'running' && s.endsAt ? s.endsAt.getTime() : null,
  };
  const room = change.quiet ? undefined : ctx.io?.to(`app:${s.appId}`);
  if (s.mode === 'speed') room?.emit('speedNetworking', { ...payload, mode: 'speedNetworking' });
  else room?.emit('groupNetworking', { ...payload, mode: 'groupNetworking' });
  // The app room's event already makes the open session pages refetch, spread over a few seconds;
  // telling each member 'sessions' too would make 2,000 pages ask at the same moment.
  const what: NetworkingChange[] = room ? [] : ['sessions'];
  const others = change.touched.filter((u) => !change.awarded.includes(u));
  if (change.awarded.length > 0) await afterScoreChange(ctx, s.appId, change.awarded, ['score', ...what]);
  if (others.length > 0 && what.length > 0) await afterScoreChange(ctx, s.appId, others, what);
}

/**
 * Pairs the free members of the session's current round (late joiners, those whose partner was not
 * ready) among themselves, with pictures and numbers not used yet in the round. Inside the caller's
 * transaction, the session row locked. Answers the members seated now.
 */
export async function rematchFree(
  tx: Db,
  s: SessionRow,
  avoid: readonly number[][] = [],
  prefer: ReadonlySet<number> = new Set(),
): Promise<{ seated: number[]; awarded: number[] }> {
  const none = { seated: [], awarded: [] };
  if (s.state !== 'running' || s.phase !== 'talk' || s.round === 0) return none;
  const [present, all] = await Promise.all([activeParticipants(tx, s.id), seatsOf(tx, s.id)]);
  const seated = new Set(all.filter((r) => r.round === s.round).map((r) => r.userId));
  const free = present.filter((u) => !seated.has(u));
  if (free.length < 2) return none;
  // The groups just broken up count as met: nobody is put back with the partner who was not ready.
  const history = [...groupsOf(all), ...avoid];
  const groups = withoutRepeats(
    pairRound({ participants: free, history, groupSize: s.groupSize, seed: seedOf(s, s.round, all.length) }),
    history,
    prefer,
  );
  if (groups.length === 0) return none;
  const now = all.filter((r) => r.round === s.round);
  const names = labels(
    groups.length,
    { numbers: now.map((r) => r.number), symbols: now.map((r) => r.symbol) },
    SESSIONS.symbols,
    seedOf(s, s.round, now.length),
  );
  await insertSeats(
    tx,
    groups.flatMap((g, i) =>
      g.map((userId) => ({ sessionId: s.id, round: s.round, userId, number: names[i]?.number ?? 0, symbol: names[i]?.symbol ?? 0 })),
    ),
  );
  const seatedNow = groups.flat();
  return { seated: seatedNow, awarded: await awardAll(tx, sessionAwards(s, seatedNow)) };
}

/** Starts round `round` at `at`: pairs the present members, seats them, and gives them their session points. */
async function startRound(tx: Db, s: SessionRow, round: number, at: Date): Promise<SessionChange> {
  const [present, all] = await Promise.all([activeParticipants(tx, s.id), seatsOf(tx, s.id)]);
  const t0 = performance.now();
  const groups = pairRound({ participants: present, history: groupsOf(all), groupSize: s.groupSize, seed: seedOf(s, round) });
  const names = labels(groups.length, { numbers: [], symbols: [] }, SESSIONS.symbols, seedOf(s, round));
  const pairingMs = performance.now() - t0;
  await insertSeats(
    tx,
    groups.flatMap((g, i) =>
      g.map((userId) => ({ sessionId: s.id, round, userId, number: names[i]?.number ?? 0, symbol: names[i]?.symbol ?? 0 })),
    ),
  );
  const session = await updateSession(tx, s.id, {
    state: 'running',
    round,
    phase: 'talk',
    roundStartedAt: at,
    endsAt: new Date(at.getTime() + s.roundSeconds * 1000),
  });
  const seated = groups.flat();
  const awarded = await awardAll(tx, sessionAwards(s, seated));
  return { session, touched: present, awarded, pairingMs };
}

/**
 * A minute into a round (half of a short one): in each group where someone confirmed "Ready" and
 * someone did not, the ones who did not are taken out with their pair (speed) or alone (a group
 * keeping two), and every free member is matched again (spec 3 §4 "Partner wasn't ready").
 */
async function readyCheck(tx: Db, s: SessionRow): Promise<SessionChange> {
  const now = await seatsOf(tx, s.id, s.round);
  const freed: number[] = [];
  const bumped: number[] = [];
  const broken: number[][] = [];
  for (const g of groupSeats(now)) {
    const ready = g.filter((r) => r.readyAt);
    const late = g.filter((r) => !r.readyAt);
    if (ready.length === 0 || late.length === 0) continue;
    const out = g.length - late.length < 2 ? g : late;
    freed.push(...out.map((r) => r.userId));
    broken.push(g.map((r) => r.userId));
    bumped.push(...ready.filter((r) => out.includes(r)).map((r) => r.userId));
  }
  await deleteSeats(tx, s.id, s.round, freed);
  await markBumped(tx, s.id, s.round, bumped);
  const session = await updateSession(tx, s.id, { readyChecked: s.round });
  const again = await rematchFree(tx, session, broken, new Set(bumped));
  return { session, touched: [...new Set([...freed, ...again.seated])], awarded: again.awarded, quiet: true };
}

export function groupSeats<T extends { number: number }>(rows: readonly T[]): T[][] {
  const by = new Map<number, T[]>();
  for (const r of rows) by.set(r.number, [...(by.get(r.number) ?? []), r]);
  return [...by.values()];
}

/** One step of one session, if it is due and no other node holds it. */
async function stepSession(ctx: Ctx, id: number, now: Date): Promise<SessionChange | undefined> {
  return ctx.db.transaction(async (tx) => {
    const s = await lockForTick(tx, id);
    if (!s) return undefined;
    const t = now.getTime();
    if (s.state === 'scheduled' && s.startsAt.getTime() <= t)
      return startRound(tx, s, 1, s.startsAt.getTime() < t - 5_000 ? now : s.startsAt);
    if (s.state !== 'running' || !s.endsAt) return undefined;
    const ends = s.endsAt.getTime();
    if (ends <= t) {
      if (s.phase === 'talk' && s.round >= s.rounds) {
        const session = await updateSession(tx, s.id, { state: 'completed', endedAt: s.endsAt, endsAt: null });
        return { session, touched: [], awarded: [] };
      }
      if (s.phase === 'talk') {
        const session = await updateSession(tx, s.id, { phase: 'break', endsAt: new Date(ends + SESSIONS.breakSeconds * 1000) });
        return { session, touched: [], awarded: [] };
      }
      // The next round starts when the break ended (on time after a restart), or now when far behind.
      return startRound(tx, s, s.round + 1, ends < t - s.roundSeconds * 1000 ? now : s.endsAt);
    }
    if (
      s.phase === 'talk' &&
      s.readyChecked < s.round &&
      s.roundStartedAt &&
      s.roundStartedAt.getTime() + readyWindowMs(s.roundSeconds) <= t
    )
      return readyCheck(tx, s);
    return undefined;
  });
}

/**
 * Moves every due session one step (a node's tick; `now` is given by tests). Each step is its own
 * transaction on the locked row, so two nodes never move the same session, and what a step
 * changed is announced after its commit. Answers the changes made.
 */
export async function advanceSessions(ctx: Ctx, now = new Date()): Promise<SessionChange[]> {
  const changes: SessionChange[] = [];
  // A session far behind (a long restart) moves several steps: at most a few per tick.
  for (let pass = 0; pass < 4; pass++) {
    const due = await dueSessions(ctx.db, now, SESSIONS.readyWindowSeconds * 1000);
    if (due.length === 0) break;
    let moved = 0;
    for (const id of due) {
      // One session failing (its step or its announcement) does not stop the others behind it.
      try {
        const change = await stepSession(ctx, id, now);
        if (!change) continue;
        moved++;
        changes.push(change);
        await announce(ctx, change);
      } catch (err) {
        ctx.log.warn({ err: (err as Error).message, session: id }, 'networking sessions: step failed');
      }
    }
    if (moved === 0) break;
  }
  return changes;
}

/** The ticker of this node: every second, the due sessions (stopped when the server closes). */
export function startSessionTicker(ctx: Ctx, everyMs = 1000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await advanceSessions(ctx);
    } catch (err) {
      ctx.log.warn({ err: (err as Error).message }, 'networking sessions: tick failed');
    } finally {
      running = false;
    }
  };
  const every = setInterval(() => void tick(), everyMs);
  every.unref();
  return () => clearInterval(every);
}
