import { SESSIONS, type Session, type SessionBody } from '@app/contract/schemas/networking-sessions';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { activeMember } from '../../users/profiles.queries.ts';
import { users } from '../../users/users.table.ts';
import { networkingSessionMembers as members, networkingSessionSeats as seats, networkingSessions as sessions } from './sessions.table.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type SeatRow = typeof seats.$inferSelect;

/** The session as the contract answers it. */
export function toSession(r: SessionRow, participants: number): Session {
  const topic = r.round > 0 && r.topics.length > 0 ? (r.topics[(r.round - 1) % r.topics.length] as string) : null;
  return {
    id: r.id,
    app_module_id: r.appModuleId,
    title: r.title,
    mode: r.mode,
    group_size: r.groupSize,
    starts_at: Math.floor(r.startsAt.getTime() / 1000),
    rounds: r.rounds,
    round_minutes: Math.max(1, Math.round(r.roundSeconds / 60)),
    topics: r.topics,
    state: r.state,
    round: r.round,
    phase: r.phase,
    ends_at: r.state === 'running' && r.endsAt ? r.endsAt.getTime() : null,
    topic,
    participants,
  };
}

export function sessionValues(b: SessionBody) {
  return {
    title: b.title.trim(),
    mode: b.mode,
    groupSize: b.mode === 'speed' ? 2 : (b.group_size ?? SESSIONS.groupMin),
    startsAt: new Date(b.starts_at * 1000),
    rounds: b.rounds,
    roundSeconds: b.round_minutes * 60,
    topics: (b.topics ?? []).map((t) => t.trim()),
  };
}

export async function insertSession(db: Db, appId: number, moduleId: number, userId: number, b: SessionBody): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({ appId, appModuleId: moduleId, createdBy: userId, ...sessionValues(b) })
    .returning();
  return row as SessionRow;
}

export async function findSession(db: Db, appId: number, moduleId: number, id: number, lock = false): Promise<SessionRow | undefined> {
  const q = db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.appId, appId), eq(sessions.appModuleId, moduleId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The session locked for this node's ticker, or undefined when another node holds it. */
export async function lockForTick(tx: Db, id: number): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(sessions).where(eq(sessions.id, id)).for('update', { skipLocked: true });
  return row;
}

export async function updateSession(db: Db, id: number, set: Partial<typeof sessions.$inferInsert>): Promise<SessionRow> {
  const [row] = await db.update(sessions).set(set).where(eq(sessions.id, id)).returning();
  return row as SessionRow;
}

/** Sessions whose deadline has come: a start, a round's or break's end, or the ready check. */
export async function dueSessions(db: Db, now: Date, readyWindowMs: number): Promise<number[]> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      or(
        and(eq(sessions.state, 'scheduled'), lt(sessions.startsAt, sql`${now.toISOString()}::timestamptz + interval '1 millisecond'`)),
        and(eq(sessions.state, 'running'), lt(sessions.endsAt, sql`${now.toISOString()}::timestamptz + interval '1 millisecond'`)),
        and(
          eq(sessions.state, 'running'),
          eq(sessions.phase, 'talk'),
          lt(sessions.readyChecked, sessions.round),
          sql`${sessions.roundStartedAt} + least(${readyWindowMs} * interval '1 millisecond', (${sessions.roundSeconds} * interval '1 second') / 2) <= ${now.toISOString()}::timestamptz`,
        ),
      ),
    )
    .orderBy(asc(sessions.id))
    .limit(100);
  return rows.map((r) => r.id);
}

/**
 * Members in, per session, remembered for 2 s on this node: after a round starts every member's
 * page asks at once, and the count of a session of 2,000 is the page's dearest read. A count a
 * second old is fine for "n members are in".
 */
const counted = new Map<number, { at: number; n: number }>();
const COUNT_TTL_MS = 2000;

export async function participantCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const now = Date.now();
  const fresh = ids.every((id) => (counted.get(id)?.at ?? 0) > now - COUNT_TTL_MS);
  if (fresh) return new Map(ids.map((id) => [id, counted.get(id)?.n ?? 0]));
  const result = await countParticipants(db, ids);
  if (counted.size > 1000) counted.clear();
  for (const id of ids) counted.set(id, { at: now, n: result.get(id) ?? 0 });
  return result;
}

/** A count just changed by this node (a join or leave): the next page reads it anew. */
export function forgetCount(id: number) {
  counted.delete(id);
}

async function countParticipants(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: members.sessionId, n: count() })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(inArray(members.sessionId, [...ids]), eq(members.active, true), activeMember(), isNull(users.blockedAt)))
    .groupBy(members.sessionId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Members to match: joined, still active, accounts in good standing. */
export async function activeParticipants(db: Db, sessionId: number): Promise<number[]> {
  const rows = await db
    .select({ id: members.userId })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.sessionId, sessionId), eq(members.active, true), activeMember(), isNull(users.blockedAt)));
  return rows.map((r) => r.id);
}

export async function seatsOf(db: Db, sessionId: number, round?: number): Promise<SeatRow[]> {
  return db
    .select()
    .from(seats)
    .where(round === undefined ? eq(seats.sessionId, sessionId) : and(eq(seats.sessionId, sessionId), eq(seats.round, round)))
    .orderBy(asc(seats.round), asc(seats.number), asc(seats.userId));
}

/** Groups (member ids) of the seats given, by round and number. */
export function groupsOf(rows: readonly SeatRow[]): number[][] {
  const by = new Map<string, number[]>();
  for (const r of rows) {
    const k = `${r.round}:${r.number}`;
    const g = by.get(k) ?? [];
    g.push(r.userId);
    by.set(k, g);
  }
  return [...by.values()];
}

export async function insertSeats(db: Db, rows: (typeof seats.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insert(seats)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
}

export async function deleteSeats(db: Db, sessionId: number, round: number, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await db.delete(seats).where(and(eq(seats.sessionId, sessionId), eq(seats.round, round), inArray(seats.userId, [...userIds])));
}

export async function setReady(db: Db, sessionId: number, round: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(seats)
    .set({ readyAt: sql`coalesce(${seats.readyAt}, now())` })
    .where(and(eq(seats.sessionId, sessionId), eq(seats.round, round), eq(seats.userId, userId)))
    .returning({ u: seats.userId });
  return rows.length > 0;
}

export async function findMember(db: Db, sessionId: number, userId: number) {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.sessionId, sessionId), eq(members.userId, userId)));
  return row;
}

export async function upsertMember(db: Db, sessionId: number, userId: number, active: boolean) {
  await db
    .insert(members)
    .values({ sessionId, userId, active })
    .onConflictDoUpdate({ target: [members.sessionId, members.userId], set: { active } });
}

export async function markBumped(db: Db, sessionId: number, round: number, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await db
    .update(members)
    .set({ bumpedRound: round })
    .where(and(eq(members.sessionId, sessionId), inArray(members.userId, [...userIds])));
}

/** The page's session: the running one of this mode, else the next planned, else the latest ended in the last 12 hours. */
export async function currentSessions(db: Db, appId: number, moduleId: number, mode: 'speed' | 'group', now: Date) {
  const open = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.appId, appId),
        eq(sessions.appModuleId, moduleId),
        eq(sessions.mode, mode),
        or(
          inArray(sessions.state, ['scheduled', 'running']),
          and(eq(sessions.state, 'completed'), gte(sessions.endedAt, new Date(now.getTime() - 12 * 3_600_000))),
        ),
      ),
    )
    .orderBy(asc(sessions.startsAt), asc(sessions.id))
    .limit(50);
  const running = open.filter((s) => s.state === 'running');
  const planned = open.filter((s) => s.state === 'scheduled');
  const ended = open.filter((s) => s.state === 'completed').sort((a, b) => (b.endedAt?.getTime() ?? 0) - (a.endedAt?.getTime() ?? 0));
  const current = running[running.length - 1] ?? planned[0] ?? ended[0];
  return { current, upcoming: planned.filter((s) => s !== current) };
}

/** The session on in the app now (running, else ended in the last minutes), for the banner. */
export async function liveSessionOf(db: Db, appId: number, now: Date): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.appId, appId),
        or(
          eq(sessions.state, 'running'),
          and(eq(sessions.state, 'completed'), gte(sessions.endedAt, new Date(now.getTime() - SESSIONS.completedShowSeconds * 1000))),
        ),
      ),
    )
    .orderBy(sql`${sessions.state} = 'running' desc`, desc(sessions.roundStartedAt))
    .limit(1);
  return row;
}

/** Past sessions of this mode where I had a seat, newest first, with all their seats of my groups. */
export async function myHistory(db: Db, appId: number, moduleId: number, mode: 'speed' | 'group', userId: number) {
  const mine = await db
    .select({ s: sessions })
    .from(sessions)
    .where(
      and(
        eq(sessions.appId, appId),
        eq(sessions.appModuleId, moduleId),
        eq(sessions.mode, mode),
        sql`exists (select 1 from ${seats} where ${seats.sessionId} = ${sessions.id} and ${seats.userId} = ${userId})`,
      ),
    )
    .orderBy(desc(sessions.startsAt), desc(sessions.id))
    .limit(50);
  if (mine.length === 0) return { sessions: [], seats: [] as SeatRow[] };
  const ids = mine.map((m) => m.s.id);
  const rows = await queryRows<{ session_id: number; round: number; user_id: number; number: number; symbol: number }>(
    db,
    sql`select o.session_id, o.round, o.user_id, o.number, o.symbol
        from ${seats} m join ${seats} o on o.session_id = m.session_id and o.round = m.round and o.number = m.number
        where m.user_id = ${userId} and m.session_id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})
        order by o.session_id, o.round, o.user_id`,
  );
  return {
    sessions: mine.map((m) => m.s),
    seats: rows.map((r) => ({
      sessionId: r.session_id,
      round: r.round,
      userId: r.user_id,
      number: r.number,
      symbol: r.symbol,
      readyAt: null,
    })),
  };
}

/** My seats in one session and the seats of everyone who shared a group with me (the page's one read of seats). */
export async function seatsWithMe(db: Db, sessionId: number, userId: number): Promise<SeatRow[]> {
  const rows = await queryRows<{ round: number; user_id: number; number: number; symbol: number; ready_at: string | Date | null }>(
    db,
    sql`select o.round, o.user_id, o.number, o.symbol, o.ready_at
        from ${seats} m join ${seats} o on o.session_id = m.session_id and o.round = m.round and o.number = m.number
        where m.session_id = ${sessionId} and m.user_id = ${userId}
        order by o.round, o.user_id`,
  );
  return rows.map((r) => ({
    sessionId,
    round: r.round,
    userId: r.user_id,
    number: r.number,
    symbol: r.symbol,
    readyAt: r.ready_at === null ? null : new Date(r.ready_at),
  }));
}
