import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { activeMember } from '../users/profiles.queries.ts';
import { users } from '../users/users.table.ts';
import { networkingMeetings } from './networking.table.ts';

export type MeetingRow = typeof networkingMeetings.$inferSelect;
export type NewMeeting = typeof networkingMeetings.$inferInsert;

const initiator = alias(users, 'initiator');
const invitee = alias(users, 'invitee');
const personCols = (u: typeof initiator | typeof invitee) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  avatarUrl: u.avatarUrl,
  jobTitle: u.jobTitle,
  company: u.company,
  deletedAt: u.deletedAt,
});
export type MeetPerson = {
  id: number;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  jobTitle: string;
  company: string;
  deletedAt: Date | null;
};
export type MeetingWithPeople = { m: MeetingRow; initiator: MeetPerson; invitee: MeetPerson };

const withPeople = (db: Db) =>
  db
    .select({ m: networkingMeetings, initiator: personCols(initiator), invitee: personCols(invitee) })
    .from(networkingMeetings)
    .innerJoin(initiator, eq(initiator.id, networkingMeetings.initiatorId))
    .innerJoin(invitee, eq(invitee.id, networkingMeetings.inviteeId));

/**
 * A member's meetings (either side) of the app, the latest slots first: the two index ranges
 * networking_meetings_initiator_idx / _invitee_idx, limited.
 */
export function memberMeetings(db: Db, appId: number, userId: number, limit: number): Promise<MeetingWithPeople[]> {
  return withPeople(db)
    .where(
      and(eq(networkingMeetings.appId, appId), or(eq(networkingMeetings.initiatorId, userId), eq(networkingMeetings.inviteeId, userId))),
    )
    .orderBy(desc(networkingMeetings.timeStart), desc(networkingMeetings.id))
    .limit(limit);
}

/** One meeting of the app with both parties (by primary key). */
export async function findMeeting(db: Db, appId: number, id: number): Promise<MeetingWithPeople | undefined> {
  const [row] = await withPeople(db).where(and(eq(networkingMeetings.appId, appId), eq(networkingMeetings.id, id)));
  return row;
}

/** The meeting's row under its lock (a transaction's first read). */
export async function lockMeeting(db: Db, appId: number, id: number): Promise<MeetingRow | undefined> {
  const [row] = await db
    .select()
    .from(networkingMeetings)
    .where(and(eq(networkingMeetings.appId, appId), eq(networkingMeetings.id, id)))
    .for('update');
  return row;
}

/**
 * Locks both members' rows (in id order, so two writes never wait on each other crosswise): two
 * meetings of one member are booked one after the other, and the overlap check sees the first.
 * Answers the ids found in the app (a deleted account has no confirmed address; a blocked one is
 * not someone to ask for a meeting).
 */
export async function lockMembers(db: Db, appId: number, ids: readonly number[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.appId, appId), inArray(users.id, [...ids]), activeMember(), isNull(users.blockedAt)))
    .orderBy(users.id)
    .for('update');
  return rows.map((r) => r.id);
}

/** An accepted meeting of one of these members that overlaps [start, end), other than `except`. */
export async function overlapping(db: Db, appId: number, ids: readonly number[], start: Date, end: Date, except = 0) {
  const [row] = await db
    .select({ id: networkingMeetings.id })
    .from(networkingMeetings)
    .where(
      and(
        eq(networkingMeetings.appId, appId),
        eq(networkingMeetings.status, 'accepted'),
        ne(networkingMeetings.id, except),
        or(inArray(networkingMeetings.initiatorId, [...ids]), inArray(networkingMeetings.inviteeId, [...ids])),
        lt(networkingMeetings.timeStart, end),
        gt(sql`${networkingMeetings.timeStart} + ${networkingMeetings.duration} * interval '1 minute'`, start),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Whether a request between the two members (either asked) waits for an answer: a moved meeting
 * waiting again (accepted before) is not a request. Under both members' row locks.
 */
export async function waitingRequestBetween(db: Db, appId: number, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ id: networkingMeetings.id })
    .from(networkingMeetings)
    .where(
      and(
        eq(networkingMeetings.appId, appId),
        eq(networkingMeetings.status, 'pending'),
        isNull(networkingMeetings.acceptedAt),
        or(
          and(eq(networkingMeetings.initiatorId, a), eq(networkingMeetings.inviteeId, b)),
          and(eq(networkingMeetings.initiatorId, b), eq(networkingMeetings.inviteeId, a)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Requests a member sent since `since`, whatever became of them (the initiator index range). */
export async function requestsSentSince(db: Db, appId: number, initiatorId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(networkingMeetings)
    .where(
      and(eq(networkingMeetings.appId, appId), eq(networkingMeetings.initiatorId, initiatorId), gt(networkingMeetings.createdAt, since)),
    );
  return row?.n ?? 0;
}

export async function insertMeeting(db: Db, values: NewMeeting): Promise<number> {
  const [row] = await db.insert(networkingMeetings).values(values).returning({ id: networkingMeetings.id });
  if (!row) throw new Error('insert networking_meetings returned nothing');
  return row.id;
}

/** Changes a meeting and counts one more version (the calendar's SEQUENCE). */
export async function updateMeeting(db: Db, appId: number, id: number, values: Partial<NewMeeting>) {
  await db
    .update(networkingMeetings)
    .set({ ...values, version: sql`${networkingMeetings.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(networkingMeetings.appId, appId), eq(networkingMeetings.id, id)));
}

/**
 * An account being erased: its waiting and accepted meetings not yet over are cancelled (by it),
 * one more version each; answers their ids. In the erasing transaction.
 */
export async function cancelOpenMeetings(db: Db, appId: number, userId: number): Promise<number[]> {
  const rows = await db
    .update(networkingMeetings)
    .set({ status: 'cancelled', cancelledBy: userId, version: sql`${networkingMeetings.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(networkingMeetings.appId, appId),
        or(eq(networkingMeetings.initiatorId, userId), eq(networkingMeetings.inviteeId, userId)),
        inArray(networkingMeetings.status, ['pending', 'accepted']),
        gt(sql`${networkingMeetings.timeStart} + ${networkingMeetings.duration} * interval '1 minute'`, sql`now()`),
      ),
    )
    .returning({ id: networkingMeetings.id });
  return rows.map((r) => r.id);
}

/**
 * A member's meetings for their calendar feed: every meeting once accepted (`accepted_at`): on while
 * accepted, shown cancelled once cancelled, or moved and waiting for the invitee's answer again (or
 * declined after the move), from `since` on; the two index ranges by slot.
 */
export function calendarMeetings(db: Db, appId: number, userId: number, since: Date): Promise<MeetingWithPeople[]> {
  return withPeople(db)
    .where(
      and(
        eq(networkingMeetings.appId, appId),
        or(eq(networkingMeetings.initiatorId, userId), eq(networkingMeetings.inviteeId, userId)),
        isNotNull(networkingMeetings.acceptedAt),
        gt(networkingMeetings.timeStart, since),
      ),
    )
    .orderBy(networkingMeetings.timeStart)
    .limit(500);
}
