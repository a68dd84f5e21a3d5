import type { PublicQuestion, PublicSession, Speaker, Track } from '@app/contract/schemas/agenda';
import { AGENDA_LIMITS } from '@app/contract/schemas/agenda';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchQuery } from '../content/content.queries.ts';
import { fullName } from '../users/users.service.ts';
import { users } from '../users/users.table.ts';
import {
  agendaQuestions,
  agendaQuestionVotes,
  agendaSchedule,
  agendaSessionSpeakers,
  agendaSessions,
  agendaSpeakers,
  agendaTracks,
} from './agenda.table.ts';

/** Where a query runs: the caller's app and the agenda module. */
export interface At {
  appId: number;
  moduleId: number;
}

export type SessionRow = typeof agendaSessions.$inferSelect;

const iso = (d: Date) => d.toISOString();

export const speakerOf = (s: typeof agendaSpeakers.$inferSelect): Speaker => ({
  id: s.id,
  name: s.name,
  job_title: s.jobTitle,
  company: s.company,
  photo: s.photoUrl,
  user_id: s.userId,
});

export async function tracksOf(db: Db, at: At): Promise<Track[]> {
  return db
    .select({ id: agendaTracks.id, name: agendaTracks.name, color: agendaTracks.color })
    .from(agendaTracks)
    .where(and(eq(agendaTracks.appId, at.appId), eq(agendaTracks.appModuleId, at.moduleId)))
    .orderBy(asc(agendaTracks.position), asc(agendaTracks.id));
}

export interface SessionFilter {
  from?: Date;
  to?: Date;
  tracks?: number[];
  /** Only these sessions (the reader's schedule). */
  ids?: number[];
  search?: string;
  speakerId?: number;
  /** At most this many (AGENDA_LIMITS.listMax unless given). */
  limit?: number;
}

/**
 * Sessions as everyone sees them, by time: one range of `agenda_sessions_time_idx`, then speakers
 * and tracks by id. Drafts (the console's, not yet published) are never among them.
 */
export async function publicSessions(db: Db, at: At, f: SessionFilter): Promise<PublicSession[]> {
  const where: SQL[] = [eq(agendaSessions.appId, at.appId), eq(agendaSessions.appModuleId, at.moduleId), eq(agendaSessions.draft, false)];
  if (f.from) where.push(gte(agendaSessions.startsAt, f.from));
  if (f.to) where.push(lt(agendaSessions.startsAt, f.to));
  if (f.tracks?.length) where.push(inArray(agendaSessions.trackId, f.tracks));
  if (f.ids) {
    if (f.ids.length === 0) return [];
    where.push(inArray(agendaSessions.id, f.ids));
  }
  if (f.speakerId !== undefined)
    where.push(
      inArray(
        agendaSessions.id,
        db
          .select({ id: agendaSessionSpeakers.sessionId })
          .from(agendaSessionSpeakers)
          .where(eq(agendaSessionSpeakers.speakerId, f.speakerId)),
      ),
    );
  if (f.search !== undefined) {
    const q = searchQuery(f.search);
    if (!q) return [];
    where.push(sql`${agendaSessions.search} @@ to_tsquery('simple', ${q})`);
  }
  const rows = await db
    .select()
    .from(agendaSessions)
    .where(and(...where))
    .orderBy(asc(agendaSessions.startsAt), asc(agendaSessions.id))
    .limit(f.limit ?? AGENDA_LIMITS.listMax);
  return withSpeakers(db, at, rows);
}

/** Ids of a module's sessions matching a search (the GIN index of `search`). */
export async function searchSessionIds(db: Db, at: At, search: string): Promise<Set<number>> {
  const q = searchQuery(search);
  if (!q) return new Set();
  const rows = await db
    .select({ id: agendaSessions.id })
    .from(agendaSessions)
    .where(
      and(
        eq(agendaSessions.appId, at.appId),
        eq(agendaSessions.appModuleId, at.moduleId),
        eq(agendaSessions.draft, false),
        sql`${agendaSessions.search} @@ to_tsquery('simple', ${q})`,
      ),
    )
    .limit(AGENDA_LIMITS.moduleMax);
  return new Set(rows.map((r) => r.id));
}

export async function withSpeakers(db: Db, at: At, rows: SessionRow[]): Promise<PublicSession[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [links, tracks] = await Promise.all([
    db
      .select({ sessionId: agendaSessionSpeakers.sessionId, speaker: agendaSpeakers })
      .from(agendaSessionSpeakers)
      .innerJoin(agendaSpeakers, eq(agendaSpeakers.id, agendaSessionSpeakers.speakerId))
      .where(inArray(agendaSessionSpeakers.sessionId, ids))
      .orderBy(asc(agendaSessionSpeakers.position), asc(agendaSpeakers.id)),
    tracksOf(db, at),
  ]);
  const bySession = new Map<number, Speaker[]>();
  for (const l of links) {
    const list = bySession.get(l.sessionId) ?? [];
    list.push(speakerOf(l.speaker));
    bySession.set(l.sessionId, list);
  }
  const trackById = new Map(tracks.map((t) => [t.id, t]));
  return rows.map((r) => toPublic(r, (r.trackId !== null && trackById.get(r.trackId)) || null, bySession.get(r.id) ?? []));
}

export function toPublic(r: SessionRow, track: Track | null, speakers: Speaker[]): PublicSession {
  return {
    id: r.id,
    app_module_id: r.appModuleId,
    title: r.title,
    starts_at: iso(r.startsAt),
    ends_at: iso(r.endsAt),
    location: r.location,
    track,
    speakers,
    cancelled: r.cancelledAt !== null,
    version: r.version,
    attendees_count: r.attendeesCount,
    rating_average: r.ratingsCount > 0 ? Math.round((r.ratingsSum / r.ratingsCount) * 10) / 10 : null,
    ratings_count: r.ratingsCount,
  };
}

/** A session attendees may see (a draft is a 404 to them). */
export async function findSession(db: Db, at: At, id: number): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(agendaSessions)
    .where(
      and(
        eq(agendaSessions.id, id),
        eq(agendaSessions.appId, at.appId),
        eq(agendaSessions.appModuleId, at.moduleId),
        eq(agendaSessions.draft, false),
      ),
    );
  return row;
}

/** The reader's scheduled session ids of a module: the primary key's range for the user, joined by id. */
export async function scheduleIds(db: Db, at: At, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: agendaSchedule.sessionId })
    .from(agendaSchedule)
    .innerJoin(agendaSessions, eq(agendaSessions.id, agendaSchedule.sessionId))
    .where(and(eq(agendaSchedule.userId, userId), eq(agendaSchedule.appId, at.appId), eq(agendaSessions.appModuleId, at.moduleId)));
  return rows.map((r) => r.id);
}

/** Speaker ids of a session that are the given member. */
export async function isSpeakerOf(db: Db, sessionId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: agendaSpeakers.id })
    .from(agendaSessionSpeakers)
    .innerJoin(agendaSpeakers, eq(agendaSpeakers.id, agendaSessionSpeakers.speakerId))
    .where(and(eq(agendaSessionSpeakers.sessionId, sessionId), eq(agendaSpeakers.userId, userId)))
    .limit(1);
  return Boolean(row);
}

export async function findSpeaker(db: Db, at: At, id: number) {
  const [row] = await db
    .select()
    .from(agendaSpeakers)
    .where(and(eq(agendaSpeakers.id, id), eq(agendaSpeakers.appId, at.appId), eq(agendaSpeakers.appModuleId, at.moduleId)));
  return row;
}

const questionColumns = {
  q: agendaQuestions,
  user: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    avatarUrl: users.avatarUrl,
    isVerified: users.isVerified,
    deletedAt: users.deletedAt,
  },
};

type QuestionJoin = {
  q: typeof agendaQuestions.$inferSelect;
  user: { id: number; firstName: string; lastName: string; avatarUrl: string | null; isVerified: boolean; deletedAt: Date | null };
};

const toQuestion = (r: QuestionJoin): PublicQuestion => ({
  id: r.q.id,
  session_id: r.q.sessionId,
  text: r.q.text,
  user: { id: r.user.id, fullname: fullName(r.user), avatar: r.user.avatarUrl, is_verified: r.user.isVerified },
  votes_count: r.q.votesCount,
  answered: r.q.answeredAt !== null,
  created_at: iso(r.q.createdAt),
});

/** A session's questions, most voted first (`agenda_questions_session_idx`); at most 500. */
export async function questionsOf(db: Db, sessionId: number): Promise<PublicQuestion[]> {
  const rows = await db
    .select(questionColumns)
    .from(agendaQuestions)
    .innerJoin(users, eq(users.id, agendaQuestions.userId))
    .where(eq(agendaQuestions.sessionId, sessionId))
    .orderBy(desc(agendaQuestions.votesCount), asc(agendaQuestions.id))
    .limit(500);
  return rows.map(toQuestion);
}

export async function questionById(db: Db, sessionId: number, id: number): Promise<PublicQuestion | undefined> {
  const [row] = await db
    .select(questionColumns)
    .from(agendaQuestions)
    .innerJoin(users, eq(users.id, agendaQuestions.userId))
    .where(and(eq(agendaQuestions.id, id), eq(agendaQuestions.sessionId, sessionId)));
  return row ? toQuestion(row) : undefined;
}

/** Which of a session's questions the reader voted for. */
export async function votedIds(db: Db, sessionId: number, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: agendaQuestionVotes.questionId })
    .from(agendaQuestionVotes)
    .innerJoin(agendaQuestions, eq(agendaQuestions.id, agendaQuestionVotes.questionId))
    .where(and(eq(agendaQuestionVotes.userId, userId), eq(agendaQuestions.sessionId, sessionId)));
  return new Set(rows.map((r) => r.id));
}
