import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { At } from '../../agenda/agenda.queries.ts';
import {
  agendaQuestions,
  agendaRatings,
  agendaRooms,
  agendaSessionSpeakers,
  agendaSessions,
  agendaSpeakers,
  agendaTracks,
} from '../../agenda/agenda.table.ts';
import { users } from '../../users/users.table.ts';
import type {
  Current,
  Part,
  RoomRow,
  RoomValues,
  SessionRow,
  SessionValues,
  SpeakerRow,
  SpeakerValues,
  TrackRow,
  TrackValues,
} from './agenda-import.plan.ts';
import { textToHtml } from './agenda-import.plan.ts';

/** Rows per INSERT (far below PostgreSQL's 65,535 parameters). */
const CHUNK = 500;

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/** The agenda of a module as an import compares it: every track, room, speaker and session (with its speakers). */
export async function loadCurrent(db: Db, at: At, emails: string[] = []): Promise<Current> {
  const mine = <T extends { appId: unknown; appModuleId: unknown }>(t: T) =>
    and(eq(t.appId as never, at.appId), eq(t.appModuleId as never, at.moduleId));
  const [tracks, rooms, speakers, sessions, links] = await Promise.all([
    db
      .select({ id: agendaTracks.id, name: agendaTracks.name, color: agendaTracks.color, externalId: agendaTracks.externalId })
      .from(agendaTracks)
      .where(mine(agendaTracks))
      .orderBy(asc(agendaTracks.position), asc(agendaTracks.id)),
    db
      .select({ id: agendaRooms.id, name: agendaRooms.name, externalId: agendaRooms.externalId })
      .from(agendaRooms)
      .where(mine(agendaRooms))
      .orderBy(asc(agendaRooms.position), asc(agendaRooms.id)),
    db
      .select({
        id: agendaSpeakers.id,
        name: agendaSpeakers.name,
        bioHtml: agendaSpeakers.bioHtml,
        photoUrl: agendaSpeakers.photoUrl,
        links: agendaSpeakers.links,
        jobTitle: agendaSpeakers.jobTitle,
        company: agendaSpeakers.company,
        userId: agendaSpeakers.userId,
        externalId: agendaSpeakers.externalId,
      })
      .from(agendaSpeakers)
      .where(mine(agendaSpeakers))
      .orderBy(asc(agendaSpeakers.id)),
    db
      .select({
        id: agendaSessions.id,
        title: agendaSessions.title,
        descriptionText: agendaSessions.descriptionText,
        startsAt: agendaSessions.startsAt,
        endsAt: agendaSessions.endsAt,
        trackId: agendaSessions.trackId,
        roomId: agendaSessions.roomId,
        location: agendaSessions.location,
        capacity: agendaSessions.capacity,
        cancelledAt: agendaSessions.cancelledAt,
        externalId: agendaSessions.externalId,
      })
      .from(agendaSessions)
      .where(mine(agendaSessions))
      .orderBy(asc(agendaSessions.startsAt), asc(agendaSessions.id)),
    db
      .select({ sessionId: agendaSessionSpeakers.sessionId, speakerId: agendaSessionSpeakers.speakerId })
      .from(agendaSessionSpeakers)
      .innerJoin(agendaSessions, eq(agendaSessions.id, agendaSessionSpeakers.sessionId))
      .where(mine(agendaSessions))
      .orderBy(asc(agendaSessionSpeakers.sessionId), asc(agendaSessionSpeakers.position), asc(agendaSessionSpeakers.speakerId)),
  ]);
  const bySession = new Map<number, number[]>();
  for (const l of links) bySession.set(l.sessionId, [...(bySession.get(l.sessionId) ?? []), l.speakerId]);
  const ownSessions = new Set(sessions.filter((s) => s.externalId === null).map((s) => s.id));
  const keptSpeakerIds = new Set(links.filter((l) => ownSessions.has(l.sessionId)).map((l) => l.speakerId));
  const membersByEmail = new Map<string, number>();
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  for (const part of chunks(wanted)) {
    const found = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.appId, at.appId), isNull(users.deletedAt), inArray(sql`lower(${users.email})`, part)));
    for (const u of found) membersByEmail.set(u.email.toLowerCase(), u.id);
  }
  return {
    tracks: tracks as TrackRow[],
    rooms: rooms as RoomRow[],
    speakers: speakers as SpeakerRow[],
    sessions: sessions.map((s): SessionRow => ({ ...s, speakerIds: bySession.get(s.id) ?? [] })),
    keptSpeakerIds,
    membersByEmail,
  };
}

/** Writes a part's new rows (returning their ids by key) and its updates. */
async function writePart<R extends { id: number }, V>(
  part: Part<R, V>,
  insert: (values: V[], start: number) => Promise<number[]>,
  update: (id: number, values: V) => Promise<void>,
): Promise<Map<string, number>> {
  const ids = new Map(part.ids);
  const fresh = part.upserts.filter((u) => !u.row);
  let position = 0;
  for (const group of chunks(fresh)) {
    const made = await insert(
      group.map((u) => u.values),
      position,
    );
    position += group.length;
    group.forEach((u, i) => {
      const id = made[i];
      if (id !== undefined) ids.set(u.key, id);
    });
  }
  for (const u of part.upserts) if (u.row) await update(u.row.id, u.values);
  return ids;
}

export async function writeTracks(tx: Db, at: At, part: Part<TrackRow, TrackValues>, firstPosition: number) {
  const ids = await writePart(
    part,
    async (values, start) =>
      (
        await tx
          .insert(agendaTracks)
          .values(
            values.map((v, i) => ({
              appId: at.appId,
              appModuleId: at.moduleId,
              name: v.name ?? '',
              color: v.color ?? '#1e88e5',
              externalId: v.externalId ?? null,
              position: firstPosition + start + i,
            })),
          )
          .returning({ id: agendaTracks.id })
      ).map((r) => r.id),
    async (id, v) => {
      await tx.update(agendaTracks).set(v).where(eq(agendaTracks.id, id));
    },
  );
  const gone = part.removals.map((r) => r.id);
  for (const group of chunks(gone)) await tx.delete(agendaTracks).where(inArray(agendaTracks.id, group));
  return ids;
}

export async function writeRooms(tx: Db, at: At, part: Part<RoomRow, RoomValues>, firstPosition: number) {
  const ids = await writePart(
    part,
    async (values, start) =>
      (
        await tx
          .insert(agendaRooms)
          .values(
            values.map((v, i) => ({
              appId: at.appId,
              appModuleId: at.moduleId,
              name: v.name ?? '',
              externalId: v.externalId ?? null,
              position: firstPosition + start + i,
            })),
          )
          .returning({ id: agendaRooms.id })
      ).map((r) => r.id),
    async (id, v) => {
      await tx.update(agendaRooms).set(v).where(eq(agendaRooms.id, id));
    },
  );
  for (const group of chunks(part.removals.map((r) => r.id))) await tx.delete(agendaRooms).where(inArray(agendaRooms.id, group));
  return ids;
}

export async function writeSpeakers(tx: Db, at: At, part: Part<SpeakerRow, SpeakerValues>) {
  const ids = await writePart(
    part,
    async (values) =>
      (
        await tx
          .insert(agendaSpeakers)
          .values(
            values.map((v) => ({
              appId: at.appId,
              appModuleId: at.moduleId,
              name: v.name ?? '',
              bioHtml: v.bioHtml ?? '',
              photoUrl: v.photoUrl ?? null,
              links: v.links ?? [],
              jobTitle: v.jobTitle ?? '',
              company: v.company ?? '',
              userId: v.userId ?? null,
              externalId: v.externalId ?? null,
            })),
          )
          .returning({ id: agendaSpeakers.id })
      ).map((r) => r.id),
    async (id, v) => {
      await tx.update(agendaSpeakers).set(v).where(eq(agendaSpeakers.id, id));
    },
  );
  for (const group of chunks(part.removals.map((r) => r.id))) await tx.delete(agendaSpeakers).where(inArray(agendaSpeakers.id, group));
  return ids;
}

/** Whether a change of a session must reach calendars (their SEQUENCE): its time, place or cancellation. */
export const calendarChange = (v: SessionValues) =>
  v.startsAt !== undefined || v.endsAt !== undefined || v.roomId !== undefined || v.location !== undefined || v.cancelledAt !== undefined;

export async function writeSessions(tx: Db, at: At, part: Part<SessionRow, SessionValues>) {
  const now = new Date();
  const links: Array<{ sessionId: number; speakerIds: number[] }> = [];
  const ids = await writePart(
    part,
    async (values) => {
      const made = await tx
        .insert(agendaSessions)
        .values(
          values.map((v) => ({
            appId: at.appId,
            appModuleId: at.moduleId,
            title: v.title ?? '',
            descriptionHtml: textToHtml(v.descriptionText ?? ''),
            descriptionText: v.descriptionText ?? '',
            startsAt: v.startsAt ?? now,
            endsAt: v.endsAt ?? now,
            trackId: v.trackId ?? null,
            roomId: v.roomId ?? null,
            location: v.location ?? '',
            capacity: v.capacity ?? null,
            externalId: v.externalId ?? null,
          })),
        )
        .returning({ id: agendaSessions.id });
      made.forEach((r, i) => {
        const speakerIds = values[i]?.speakerIds;
        if (speakerIds?.length) links.push({ sessionId: r.id, speakerIds });
      });
      return made.map((r) => r.id);
    },
    async (id, v) => {
      const { speakerIds, ...set } = v;
      if (set.descriptionText !== undefined) set.descriptionHtml = textToHtml(set.descriptionText);
      if (Object.keys(set).length)
        await tx
          .update(agendaSessions)
          .set({ ...set, updatedAt: now, ...(calendarChange(v) ? { version: sql`${agendaSessions.version} + 1` } : {}) })
          .where(eq(agendaSessions.id, id));
      if (speakerIds) {
        await tx.delete(agendaSessionSpeakers).where(eq(agendaSessionSpeakers.sessionId, id));
        if (speakerIds.length) links.push({ sessionId: id, speakerIds });
      }
    },
  );
  const rows = links.flatMap((l) => l.speakerIds.map((speakerId, position) => ({ sessionId: l.sessionId, speakerId, position })));
  for (const group of chunks(rows)) await tx.insert(agendaSessionSpeakers).values(group);
  // Sessions the source dropped are cancelled, not deleted: calendars and schedules see it.
  for (const group of chunks(part.removals.map((r) => r.id)))
    await tx
      .update(agendaSessions)
      .set({ cancelledAt: now, updatedAt: now, version: sql`${agendaSessions.version} + 1` })
      .where(and(inArray(agendaSessions.id, group), isNull(agendaSessions.cancelledAt)));
  return ids;
}

/** The next free position of tracks and rooms (new ones go after the existing). */
export async function nextPositions(db: Db, at: At): Promise<{ tracks: number; rooms: number }> {
  const [t] = await db
    .select({ n: sql<number>`coalesce(max(${agendaTracks.position}) + 1, 0)::int` })
    .from(agendaTracks)
    .where(eq(agendaTracks.appModuleId, at.moduleId));
  const [r] = await db
    .select({ n: sql<number>`coalesce(max(${agendaRooms.position}) + 1, 0)::int` })
    .from(agendaRooms)
    .where(eq(agendaRooms.appModuleId, at.moduleId));
  return { tracks: t?.n ?? 0, rooms: r?.n ?? 0 };
}

/** Takes the module's import lock for the transaction: two confirms of one agenda run one after the other. */
export async function lockModule(tx: Db, at: At): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(25, ${at.moduleId})`);
}

/** Every rating of a module's sessions, with the session (no member: ratings are anonymous to organisers). */
export function ratingsOf(db: Db, at: At) {
  return db
    .select({
      sessionId: agendaSessions.id,
      externalId: agendaSessions.externalId,
      title: agendaSessions.title,
      startsAt: agendaSessions.startsAt,
      rating: agendaRatings.rating,
      comment: agendaRatings.comment,
      updatedAt: agendaRatings.updatedAt,
    })
    .from(agendaRatings)
    .innerJoin(agendaSessions, eq(agendaSessions.id, agendaRatings.sessionId))
    .where(and(eq(agendaSessions.appId, at.appId), eq(agendaSessions.appModuleId, at.moduleId)))
    .orderBy(asc(agendaSessions.startsAt), asc(agendaSessions.id), asc(agendaRatings.updatedAt))
    .limit(200_000);
}

/** Every question of a module's sessions, with its author's name (as attendees see it). */
export function questionsOfModule(db: Db, at: At) {
  return db
    .select({
      sessionId: agendaSessions.id,
      externalId: agendaSessions.externalId,
      title: agendaSessions.title,
      questionId: agendaQuestions.id,
      text: agendaQuestions.text,
      votes: agendaQuestions.votesCount,
      answeredAt: agendaQuestions.answeredAt,
      createdAt: agendaQuestions.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(agendaQuestions)
    .innerJoin(agendaSessions, eq(agendaSessions.id, agendaQuestions.sessionId))
    .innerJoin(users, eq(users.id, agendaQuestions.userId))
    .where(and(eq(agendaSessions.appId, at.appId), eq(agendaSessions.appModuleId, at.moduleId)))
    .orderBy(asc(agendaSessions.startsAt), asc(agendaSessions.id), asc(agendaQuestions.id))
    .limit(200_000);
}

/** The module's agenda for an export: the sessions attendees see (not drafts, not cancelled) with their speakers. */
export async function exportRows(db: Db, at: At) {
  const current = await loadCurrent(db, at);
  const drafts = await db
    .select({ id: agendaSessions.id })
    .from(agendaSessions)
    .where(and(eq(agendaSessions.appId, at.appId), eq(agendaSessions.appModuleId, at.moduleId), eq(agendaSessions.draft, true)));
  const draftIds = new Set(drafts.map((d) => d.id));
  return { ...current, sessions: current.sessions.filter((s) => !draftIds.has(s.id) && s.cancelledAt === null) };
}
