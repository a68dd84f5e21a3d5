import { AGENDA_LIMITS } from '@app/contract/schemas/agenda';
import type { ConsoleRoom, ConsoleSession, ConsoleSpeaker, ConsoleTrack } from '@app/contract/schemas/console-agenda';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import type { At } from '../../agenda/agenda.queries.ts';
import { agendaRooms, agendaSessionSpeakers, agendaSessions, agendaSpeakers, agendaTracks } from '../../agenda/agenda.table.ts';
import { users } from '../../users/users.table.ts';

export type TrackRow = typeof agendaTracks.$inferSelect;
export type RoomRow = typeof agendaRooms.$inferSelect;
export type SpeakerRow = typeof agendaSpeakers.$inferSelect;
export type SessionRow = typeof agendaSessions.$inferSelect;

export const trackOf = (r: TrackRow): ConsoleTrack => ({ id: r.id, name: r.name, color: r.color, position: r.position });
export const roomOf = (r: RoomRow): ConsoleRoom => ({ id: r.id, name: r.name, capacity: r.capacity, position: r.position });
export const speakerOf = (r: SpeakerRow, userName: string | null): ConsoleSpeaker => ({
  id: r.id,
  name: r.name,
  job_title: r.jobTitle,
  company: r.company,
  photo_url: r.photoUrl,
  bio: r.bioHtml,
  links: r.links,
  user_id: r.userId,
  user_name: userName,
});
export const sessionOf = (r: SessionRow, speakerIds: number[]): ConsoleSession => ({
  id: r.id,
  title: r.title,
  starts_at: r.startsAt.toISOString(),
  ends_at: r.endsAt.toISOString(),
  track_id: r.trackId,
  room_id: r.roomId,
  speaker_ids: speakerIds,
  capacity: r.capacity,
  qa_enabled: r.qaEnabled,
  rating_enabled: r.ratingEnabled,
  draft: r.draft,
  cancelled: r.cancelledAt !== null,
  version: r.version,
});

const inModule = (t: { appId: PgColumn; appModuleId: PgColumn }, at: At) => and(eq(t.appId, at.appId), eq(t.appModuleId, at.moduleId));

export function tracks(db: Db, at: At) {
  return db.select().from(agendaTracks).where(inModule(agendaTracks, at)).orderBy(asc(agendaTracks.position), asc(agendaTracks.id));
}

export function rooms(db: Db, at: At) {
  return db.select().from(agendaRooms).where(inModule(agendaRooms, at)).orderBy(asc(agendaRooms.position), asc(agendaRooms.id));
}

export async function speakers(db: Db, at: At): Promise<ConsoleSpeaker[]> {
  const rows = await db
    .select({ s: agendaSpeakers, first: users.firstName, last: users.lastName })
    .from(agendaSpeakers)
    .leftJoin(users, eq(users.id, agendaSpeakers.userId))
    .where(inModule(agendaSpeakers, at))
    .orderBy(asc(agendaSpeakers.name), asc(agendaSpeakers.id))
    .limit(AGENDA_LIMITS.moduleMax);
  return rows.map((r) => speakerOf(r.s, r.first === null ? null : `${r.first} ${r.last ?? ''}`.trim()));
}

export function speakerNames(db: Db, at: At) {
  return db
    .select({ id: agendaSpeakers.id, name: agendaSpeakers.name })
    .from(agendaSpeakers)
    .where(inModule(agendaSpeakers, at))
    .orderBy(asc(agendaSpeakers.name), asc(agendaSpeakers.id))
    .limit(AGENDA_LIMITS.moduleMax);
}

/** Every session of the module (drafts too) by time, with its speakers' ids in their order. */
export async function sessions(db: Db, at: At): Promise<ConsoleSession[]> {
  const [rows, links] = await Promise.all([
    db
      .select()
      .from(agendaSessions)
      .where(inModule(agendaSessions, at))
      .orderBy(asc(agendaSessions.startsAt), asc(agendaSessions.id))
      .limit(AGENDA_LIMITS.moduleMax),
    db
      .select({ sessionId: agendaSessionSpeakers.sessionId, speakerId: agendaSessionSpeakers.speakerId })
      .from(agendaSessionSpeakers)
      .innerJoin(agendaSessions, eq(agendaSessions.id, agendaSessionSpeakers.sessionId))
      .where(inModule(agendaSessions, at))
      .orderBy(asc(agendaSessionSpeakers.sessionId), asc(agendaSessionSpeakers.position), asc(agendaSessionSpeakers.speakerId)),
  ]);
  const by = new Map<number, number[]>();
  for (const l of links) {
    const list = by.get(l.sessionId);
    if (list) list.push(l.speakerId);
    else by.set(l.sessionId, [l.speakerId]);
  }
  return rows.map((r) => sessionOf(r, by.get(r.id) ?? []));
}

export async function speakerIdsOf(db: Db, sessionId: number): Promise<number[]> {
  const rows = await db
    .select({ id: agendaSessionSpeakers.speakerId })
    .from(agendaSessionSpeakers)
    .where(eq(agendaSessionSpeakers.sessionId, sessionId))
    .orderBy(asc(agendaSessionSpeakers.position), asc(agendaSessionSpeakers.speakerId));
  return rows.map((r) => r.id);
}

export async function findSession(db: Db, at: At, id: number, lock = false): Promise<SessionRow | undefined> {
  const q = db
    .select()
    .from(agendaSessions)
    .where(and(eq(agendaSessions.id, id), inModule(agendaSessions, at)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findTrack(db: Db, at: At, id: number) {
  const [row] = await db
    .select()
    .from(agendaTracks)
    .where(and(eq(agendaTracks.id, id), inModule(agendaTracks, at)));
  return row;
}

export async function findRoom(db: Db, at: At, id: number) {
  const [row] = await db
    .select()
    .from(agendaRooms)
    .where(and(eq(agendaRooms.id, id), inModule(agendaRooms, at)));
  return row;
}

export async function findSpeaker(db: Db, at: At, id: number) {
  const [row] = await db
    .select()
    .from(agendaSpeakers)
    .where(and(eq(agendaSpeakers.id, id), inModule(agendaSpeakers, at)));
  return row;
}

/** Which of these speaker ids are the module's. */
export async function speakersIn(db: Db, at: At, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: agendaSpeakers.id })
    .from(agendaSpeakers)
    .where(and(inArray(agendaSpeakers.id, ids), inModule(agendaSpeakers, at)));
  return new Set(rows.map((r) => r.id));
}

/** A live (not deleted) member of the app, with their name. */
export async function memberOf(db: Db, appId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.appId, appId), isNull(users.deletedAt)));
  return row ? { id: row.id, name: `${row.first} ${row.last}`.trim() } : undefined;
}

/** Replaces a session's speakers, in the order given. */
export async function setSpeakers(db: Db, sessionId: number, ids: number[]): Promise<void> {
  await db.delete(agendaSessionSpeakers).where(eq(agendaSessionSpeakers.sessionId, sessionId));
  if (ids.length > 0) await db.insert(agendaSessionSpeakers).values(ids.map((speakerId, position) => ({ sessionId, speakerId, position })));
}
