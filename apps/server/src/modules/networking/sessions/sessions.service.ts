import type { Networker } from '@app/contract/schemas/networking-hub';
import {
  type LiveSession,
  SESSIONS,
  type Session,
  type SessionBody,
  type SessionHistory,
  type SessionMode,
  type SessionView,
} from '@app/contract/schemas/networking-sessions';
import type { Ctx } from '../../../context.ts';
import { fieldError, forbidden, notFound } from '../../../lib/errors.ts';
import { requireModule } from '../../../platform/require-module.ts';
import type { Scope } from '../../../platform/scope.ts';
import { isAppAdmin } from '../../users/users.queries.ts';
import { networkerCards } from '../networking.cards.ts';
import { advanceSessions, announce, groupSeats, rematchFree, type SessionChange, stateOf } from './sessions.clock.ts';
import {
  currentSessions,
  deleteSeats,
  findMember,
  findSession,
  forgetCount,
  insertSession,
  liveSessionOf,
  markBumped,
  myHistory,
  participantCounts,
  type SessionRow,
  seatsOf,
  seatsWithMe,
  sessionValues,
  setReady,
  toSession,
  updateSession,
  upsertMember,
} from './sessions.queries.ts';

const E = 'networking-sessions.errors';

async function withCount(ctx: Ctx, row: SessionRow): Promise<Session> {
  const counts = await participantCounts(ctx.db, [row.id]);
  return toSession(row, counts.get(row.id) ?? 0);
}

/** The owner's check: the networking module of this app, and the caller its owner (403 otherwise). */
async function asOwner(ctx: Ctx, scope: Scope, moduleId: number) {
  await requireModule(ctx, scope, 'networking', moduleId);
  if (!(await isAppAdmin(ctx.db, scope.tenant.id, scope.user.id))) throw forbidden();
}

function checkStart(body: SessionBody) {
  if (body.starts_at * 1000 < Date.now() - SESSIONS.pastSlackSeconds * 1000) throw fieldError('starts_at', `${E}.inPast`);
}

export async function createSession(ctx: Ctx, scope: Scope, moduleId: number, body: SessionBody): Promise<Session> {
  await asOwner(ctx, scope, moduleId);
  checkStart(body);
  const row = await insertSession(ctx.db, scope.tenant.id, moduleId, scope.user.id, body);
  // A planned session changes no banner (another may be running): pages see it on their next load.
  return withCount(ctx, row);
}

export async function editSession(ctx: Ctx, scope: Scope, moduleId: number, id: number, body: SessionBody): Promise<Session> {
  await asOwner(ctx, scope, moduleId);
  checkStart(body);
  const row = await ctx.db.transaction(async (tx) => {
    const s = await findSession(tx, scope.tenant.id, moduleId, id, true);
    if (!s) throw notFound();
    if (s.state !== 'scheduled') throw fieldError('_popup', `${E}.alreadyStarted`);
    return updateSession(tx, id, sessionValues(body));
  });
  return withCount(ctx, row);
}

export async function cancelSession(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<Session> {
  await asOwner(ctx, scope, moduleId);
  const cancelled = await ctx.db.transaction(async (tx) => {
    const s = await findSession(tx, scope.tenant.id, moduleId, id, true);
    if (!s) throw notFound();
    if (s.state !== 'scheduled' && s.state !== 'running') throw fieldError('_popup', `${E}.alreadyEnded`);
    return { was: s.state, row: await updateSession(tx, id, { state: 'cancelled', endsAt: null, endedAt: new Date() }) };
  });
  // A running session stopped: the banner goes ("stopped"); a planned one changes no banner.
  await announce(ctx, { session: cancelled.row, touched: [], awarded: [], quiet: cancelled.was !== 'running' });
  const row = cancelled.row;
  return withCount(ctx, row);
}

/** Starts a planned session now: the ticker's next step (at once here) pairs the first round. */
export async function startSessionNow(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<Session> {
  await asOwner(ctx, scope, moduleId);
  const row = await ctx.db.transaction(async (tx) => {
    const s = await findSession(tx, scope.tenant.id, moduleId, id, true);
    if (!s) throw notFound();
    if (s.state !== 'scheduled') throw fieldError('_popup', `${E}.alreadyStarted`);
    return updateSession(tx, id, { startsAt: new Date() });
  });
  await advanceSessions(ctx);
  return withCount(ctx, (await findSession(ctx.db, scope.tenant.id, moduleId, id)) ?? row);
}

/** Cards of members with their ready flag. */
async function cardsOf(ctx: Ctx, scope: Scope, ids: number[]): Promise<Networker[]> {
  return networkerCards(ctx.db, scope.tenant.id, scope.user.id, ids);
}

/** The page's answer for the session `row` (or none). */
async function viewOf(ctx: Ctx, scope: Scope, moduleId: number, mode: SessionMode, row: SessionRow | undefined): Promise<SessionView> {
  const now = new Date();
  const { current, upcoming } = row
    ? { current: row, upcoming: [] as SessionRow[] }
    : await currentSessions(ctx.db, scope.tenant.id, moduleId, mode, now);
  const others = row
    ? (await currentSessions(ctx.db, scope.tenant.id, moduleId, mode, now)).upcoming.filter((u) => u.id !== row.id)
    : upcoming;
  const counts = await participantCounts(ctx.db, [...(current ? [current.id] : []), ...others.map((u) => u.id)]);
  const isOwner = await isAppAdmin(ctx.db, scope.tenant.id, scope.user.id);
  const me: SessionView['me'] = { joined: false, active: false, seat: null, partner_not_ready: false, met: [] };
  if (current) {
    const member = await findMember(ctx.db, current.id, scope.user.id);
    if (member) {
      me.joined = true;
      me.active = member.active;
      me.partner_not_ready = current.state === 'running' && member.bumpedRound === current.round && current.round > 0;
      const all = await seatsWithMe(ctx.db, current.id, scope.user.id);
      const mine = new Set(all.filter((r) => r.userId === scope.user.id).map((r) => `${r.round}:${r.number}`));
      const metIds: number[] = [];
      for (const r of all)
        if (r.userId !== scope.user.id && mine.has(`${r.round}:${r.number}`) && !metIds.includes(r.userId)) metIds.push(r.userId);
      const seat =
        current.state === 'running' && current.phase === 'talk'
          ? all.find((r) => r.round === current.round && r.userId === scope.user.id)
          : undefined;
      const group = seat ? all.filter((r) => r.round === seat.round && r.number === seat.number && r.userId !== scope.user.id) : [];
      const cards = await cardsOf(ctx, scope, [...new Set([...metIds, ...group.map((g) => g.userId)])]);
      const byId = new Map(cards.map((c) => [c.id, c]));
      me.met = metIds.flatMap((i) => byId.get(i) ?? []);
      if (seat)
        me.seat = {
          round: seat.round,
          number: seat.number,
          symbol: seat.symbol,
          ready: seat.readyAt !== null,
          partners: group.flatMap((g) => {
            const c = byId.get(g.userId);
            return c ? [{ ...c, ready: g.readyAt !== null }] : [];
          }),
        };
    }
  }
  return {
    session: current ? toSession(current, counts.get(current.id) ?? 0) : null,
    upcoming: others.map((u) => toSession(u, counts.get(u.id) ?? 0)),
    me,
    is_owner: isOwner,
    now: now.getTime(),
  };
}

export async function sessionPage(ctx: Ctx, scope: Scope, moduleId: number, mode: SessionMode): Promise<SessionView> {
  await requireModule(ctx, scope, 'networking', moduleId);
  return viewOf(ctx, scope, moduleId, mode, undefined);
}

/** A session of this module open to members (404 otherwise; ended: 422). */
async function openSession(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<SessionRow> {
  await requireModule(ctx, scope, 'networking', moduleId);
  const s = await findSession(ctx.db, scope.tenant.id, moduleId, id);
  if (!s) throw notFound();
  if (s.state !== 'scheduled' && s.state !== 'running') throw fieldError('_popup', `${E}.alreadyEnded`);
  return s;
}

/** "I'm in" (or back in after leaving); a late joiner is matched at once with free members of the round. */
export async function joinSession(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<SessionView> {
  await openSession(ctx, scope, moduleId, id);
  const change = await ctx.db.transaction(async (tx): Promise<SessionChange> => {
    const s = await findSession(tx, scope.tenant.id, moduleId, id, true);
    if (!s || (s.state !== 'scheduled' && s.state !== 'running')) throw fieldError('_popup', `${E}.alreadyEnded`);
    await upsertMember(tx, id, scope.user.id, true);
    forgetCount(id);
    const again = await rematchFree(tx, s);
    return { session: s, touched: again.seated, awarded: again.awarded, quiet: true };
  });
  await announce(ctx, change);
  return viewOf(ctx, scope, moduleId, change.session.mode, change.session);
}

export async function leaveSession(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<SessionView> {
  const s = await openSession(ctx, scope, moduleId, id);
  if (!(await findMember(ctx.db, id, scope.user.id))) throw fieldError('_popup', `${E}.notJoined`);
  await upsertMember(ctx.db, id, scope.user.id, false);
  forgetCount(id);
  return viewOf(ctx, scope, moduleId, s.mode, s);
}

/** The seat of mine in the running round, or 422. */
function inRound(s: SessionRow) {
  if (s.state !== 'running' || s.phase !== 'talk') throw fieldError('_popup', `${E}.noRound`);
}

export async function readyInSession(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<SessionView> {
  const s = await openSession(ctx, scope, moduleId, id);
  inRound(s);
  if (!(await setReady(ctx.db, id, s.round, scope.user.id))) throw fieldError('_popup', `${E}.noSeat`);
  const round = await seatsOf(ctx.db, id, s.round);
  const mine = round.find((r) => r.userId === scope.user.id);
  const partners = round.filter((r) => mine && r.number === mine.number).map((r) => r.userId);
  await announce(ctx, { session: s, touched: partners, awarded: [], quiet: true });
  return viewOf(ctx, scope, moduleId, s.mode, s);
}

/**
 * "Partner wasn't ready": the reporter and the partners who have not confirmed leave their group
 * (the whole group when fewer than two would stay), and all free members of the round are matched
 * again; who finds nobody free waits for the next round.
 */
export async function partnerNotReady(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<SessionView> {
  await openSession(ctx, scope, moduleId, id);
  const change = await ctx.db.transaction(async (tx): Promise<SessionChange> => {
    const s = await findSession(tx, scope.tenant.id, moduleId, id, true);
    if (!s) throw notFound();
    inRound(s);
    const now = await seatsOf(tx, id, s.round);
    const mine = now.find((r) => r.userId === scope.user.id);
    if (!mine) throw fieldError('_popup', `${E}.noSeat`);
    const group = groupSeats(now).find((g) => g.some((r) => r.userId === scope.user.id)) ?? [];
    const out = new Set([scope.user.id, ...group.filter((r) => !r.readyAt && r.userId !== scope.user.id).map((r) => r.userId)]);
    if (group.length - out.size < 2) for (const r of group) out.add(r.userId);
    await deleteSeats(tx, id, s.round, [...out]);
    await markBumped(tx, id, s.round, [scope.user.id]);
    const again = await rematchFree(tx, s, [group.map((r) => r.userId)], new Set([scope.user.id]));
    return {
      session: s,
      touched: [...new Set([...out, ...again.seated, ...group.map((r) => r.userId)])],
      awarded: again.awarded,
      quiet: true,
    };
  });
  await announce(ctx, change);
  return viewOf(ctx, scope, moduleId, change.session.mode, change.session);
}

export async function sessionHistory(ctx: Ctx, scope: Scope, moduleId: number, mode: SessionMode): Promise<SessionHistory[]> {
  await requireModule(ctx, scope, 'networking', moduleId);
  const h = await myHistory(ctx.db, scope.tenant.id, moduleId, mode, scope.user.id);
  const counts = await participantCounts(
    ctx.db,
    h.sessions.map((s) => s.id),
  );
  const others = [...new Set(h.seats.filter((r) => r.userId !== scope.user.id).map((r) => r.userId))];
  const cards = new Map((await cardsOf(ctx, scope, others)).map((c) => [c.id, c]));
  return h.sessions.map((s) => {
    const rows = h.seats.filter((r) => r.sessionId === s.id);
    const rounds = [...new Set(rows.map((r) => r.round))].sort((a, b) => b - a);
    return {
      session: toSession(s, counts.get(s.id) ?? 0),
      rounds: rounds.map((round) => {
        const here = rows.filter((r) => r.round === round);
        const first = here[0];
        return {
          round,
          number: first?.number ?? 0,
          symbol: first?.symbol ?? 0,
          topic: s.topics.length > 0 ? (s.topics[(round - 1) % s.topics.length] ?? null) : null,
          partners: here.filter((r) => r.userId !== scope.user.id).flatMap((r) => cards.get(r.userId) ?? []),
        };
      }),
    };
  });
}

/** The banner's state: one small query per connection. */
export async function liveSession(ctx: Ctx, scope: Scope): Promise<LiveSession> {
  const s = await liveSessionOf(ctx.db, scope.tenant.id, new Date());
  if (!s) return { state: 'idle', mode: null, app_module_id: null, session_id: null, round: 0 };
  return {
    state: stateOf(s),
    mode: s.mode === 'speed' ? 'speedNetworking' : 'groupNetworking',
    app_module_id: s.appModuleId,
    session_id: s.id,
    round: s.round,
  };
}
