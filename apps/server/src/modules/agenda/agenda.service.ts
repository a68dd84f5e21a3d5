import {
  AGENDA_LIMITS,
  type AgendaOverview,
  type AgendaSession,
  type PublicQuestion,
  type PublicSession,
  publicSession,
  type Question,
  type ratingInput,
  type SessionDetail,
  type SpeakerDetail,
  type sessionPatch,
  type sessionsQuery,
} from '@app/contract/schemas/agenda';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError, forbidden, isForeignKeyViolation, notFound } from '../../lib/errors.ts';
import { serialize } from '../../lib/json.ts';
import { startCounts } from '../../lib/start-counts.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { defineCache } from '../../platform/caches.ts';
import type { AfterErase, ErasedMember } from '../../platform/module.ts';
import { requireModule } from '../../platform/require-module.ts';
import type { Scope } from '../../platform/scope.ts';
import { cached } from '../content/content.caches.ts';
import { notifySessionChange } from '../settings/settings.notify.ts';
import { isAppAdmin } from '../users/users.queries.ts';
import { users } from '../users/users.table.ts';
import {
  type At,
  findSession,
  findSpeaker,
  isSpeakerOf,
  publicSessions,
  questionById,
  questionsOf,
  type SessionRow,
  scheduleIds,
  searchSessionIds,
  speakerOf,
  tracksOf,
  votedIds,
  withSpeakers,
} from './agenda.queries.ts';
import {
  agendaCalendarFeeds,
  agendaQuestions,
  agendaQuestionVotes,
  agendaRatings,
  agendaSchedule,
  agendaSessions,
} from './agenda.table.ts';

/**
 * The agenda (issue 10, docs/decisions.md "Agenda"). What every member sees of a day is cached per
 * module for 30 s and dropped on every node when a session changes; attendee and rating counts in
 * lists may lag by that much (a session's own screen reads them fresh and live).
 */
const sessionLists = defineCache('agenda-sessions', () => new TtlCache<unknown>(30_000, 2_000));

export const atOf = (scope: Scope, moduleId: number): At => ({ appId: scope.tenant.id, moduleId });
export const watchRoom = (sessionId: number) => `agenda:session:${sessionId}`;

export async function agendaModule(ctx: Ctx, scope: Scope, moduleId: number) {
  const mod = await requireModule(ctx, scope, 'agenda', moduleId);
  return atOf(scope, mod.id);
}

const isAdmin = (ctx: Ctx, scope: Scope) => isAppAdmin(ctx.db, scope.tenant.id, scope.user.id);

/**
 * YYYY-MM-DD of an instant in a time zone (the caller's; UTC when it names none we know), and the
 * zone's canonical name: caches are keyed by it, so spellings of one zone share an entry and
 * made-up names all fall to UTC.
 */
function dayFormatter(tz: string | undefined): { fmt: Intl.DateTimeFormat; zone: string } {
  const make = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = make(tz || 'UTC');
  } catch {
    fmt = make('UTC');
  }
  return { fmt, zone: fmt.resolvedOptions().timeZone };
}

/**
 * Every session of a module as everyone sees it, by time, with each one's JSON (validated against
 * the contract once, without its closing brace): one cache entry per module, dropped on every node
 * when a session changes. Lists, days and the schedule are cut from it in memory, and a reader's
 * answer is these strings with their `in_schedule` added: no query but the reader's schedule, and
 * no serialisation per request.
 */
interface ModuleSessions {
  list: PublicSession[];
  parts: string[];
}

function moduleSessions(ctx: Ctx, at: At): Promise<ModuleSessions> {
  return cached(ctx, sessionLists, `${at.moduleId}:all`, async () => {
    const list = await publicSessions(ctx.db, at, { limit: AGENDA_LIMITS.moduleMax });
    return { list, parts: list.map((x) => serialize(publicSession, x).slice(0, -1)) };
  });
}

/**
 * The reader's scheduled session ids, cached per module and reader (30 s, dropped on every node when
 * they add or remove one): list calls then run no query at all.
 */
const readerSchedules = defineCache('agenda-mine', () => new TtlCache<number[]>(30_000, 20_000));
const mineKey = (moduleId: number, userId: number) => `${moduleId}:${userId}:`;
function readerSchedule(ctx: Ctx, at: At, userId: number): Promise<number[]> {
  return cached(ctx, readerSchedules, mineKey(at.moduleId, userId), () => scheduleIds(ctx.db, at, userId));
}

export async function overview(ctx: Ctx, scope: Scope, moduleId: number, tz: string | undefined): Promise<AgendaOverview> {
  const at = await agendaModule(ctx, scope, moduleId);
  const [all, tracks, mine] = await Promise.all([
    moduleSessions(ctx, at),
    cached(ctx, sessionLists, `${at.moduleId}:tracks`, () => tracksOf(ctx.db, at)),
    readerSchedule(ctx, at, scope.user.id),
  ]);
  const { fmt, zone } = dayFormatter(tz);
  const dates = await cached(ctx, sessionLists, `${at.moduleId}:days:${zone}`, async () =>
    [...new Set(all.list.map((x) => fmt.format(new Date(x.starts_at))))].sort(),
  );
  const starts = await cached(ctx, sessionLists, `${at.moduleId}:starts`, async () =>
    startCounts(all.list.map((x) => Date.parse(x.starts_at))),
  );
  return {
    dates,
    starts: starts.starts,
    start_counts: starts.counts,
    tracks,
    sessions_count: all.list.length,
    schedule_count: mine.length,
  };
}

function withReader(list: PublicSession[], mine: Set<number>): AgendaSession[] {
  return list.map((x) => ({ ...x, in_schedule: mine.has(x.id) }));
}

/** The sessions a list call asks for, as the JSON of an `AgendaSession[]` answer. */
export async function listSessionsJson(ctx: Ctx, scope: Scope, moduleId: number, q: z.output<typeof sessionsQuery>): Promise<string> {
  const at = await agendaModule(ctx, scope, moduleId);
  const search = q.search?.trim();
  const [all, mineList, found] = await Promise.all([
    moduleSessions(ctx, at),
    readerSchedule(ctx, at, scope.user.id),
    search ? searchSessionIds(ctx.db, at, search) : undefined,
  ]);
  const mine = new Set(mineList);
  const from = q.from ? Date.parse(q.from) : Number.NEGATIVE_INFINITY;
  const to = q.to ? Date.parse(q.to) : Number.POSITIVE_INFINITY;
  const tracks = q.track?.length ? new Set(q.track) : undefined;
  const out: string[] = [];
  for (const [i, x] of all.list.entries()) {
    if (out.length >= AGENDA_LIMITS.listMax) break;
    const start = Date.parse(x.starts_at);
    if (start < from || start >= to) continue;
    if (tracks && !(x.track && tracks.has(x.track.id))) continue;
    if (q.my === '1' && !mine.has(x.id)) continue;
    if (found && !found.has(x.id)) continue;
    out.push(`${all.parts[i]},"in_schedule":${mine.has(x.id)}}`);
  }
  return `[${out.join(',')}]`;
}

async function sessionOr404(ctx: Ctx, at: At, id: number): Promise<SessionRow> {
  const row = await findSession(ctx.db, at, id);
  if (!row) throw notFound();
  return row;
}

async function publicOf(ctx: Ctx, at: At, row: SessionRow): Promise<PublicSession> {
  const [one] = await withSpeakers(ctx.db, at, [row]);
  if (!one) throw notFound();
  return one;
}

async function inSchedule(ctx: Ctx, sessionId: number, userId: number): Promise<boolean> {
  const [r] = await ctx.db
    .select({ id: agendaSchedule.sessionId })
    .from(agendaSchedule)
    .where(and(eq(agendaSchedule.userId, userId), eq(agendaSchedule.sessionId, sessionId)));
  return Boolean(r);
}

async function mayModerate(ctx: Ctx, scope: Scope, sessionId: number, admin?: boolean): Promise<boolean> {
  return (admin ?? (await isAdmin(ctx, scope))) || isSpeakerOf(ctx.db, sessionId, scope.user.id);
}

export async function sessionDetail(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<SessionDetail> {
  const at = await agendaModule(ctx, scope, moduleId);
  const row = await sessionOr404(ctx, at, id);
  const [pub, scheduled, rating, admin] = await Promise.all([
    publicOf(ctx, at, row),
    inSchedule(ctx, id, scope.user.id),
    ctx.db
      .select({ rating: agendaRatings.rating, comment: agendaRatings.comment })
      .from(agendaRatings)
      .where(and(eq(agendaRatings.sessionId, id), eq(agendaRatings.userId, scope.user.id))),
    isAdmin(ctx, scope),
  ]);
  return {
    ...pub,
    in_schedule: scheduled,
    description: row.descriptionHtml,
    my_rating: rating[0] ?? null,
    can_moderate: await mayModerate(ctx, scope, id, admin),
    can_edit: admin,
  };
}

export function dropLists(ctx: Ctx, moduleId: number) {
  ctx.bus.publish({ t: 'cache', name: sessionLists.name, prefix: `${moduleId}:` });
}

/** An instant a calendar can hold (PostgreSQL and iCalendar both refuse some that ISO 8601 allows). */
function calendarInstant(field: string, iso: string): Date {
  const d = new Date(iso);
  const year = d.getUTCFullYear();
  if (Number.isNaN(year) || year < 1970 || year > 2200) throw fieldError(field, 'common.errors.invalid');
  return d;
}

/**
 * The app owner moves, relocates or cancels a session: only the fields sent change, under the
 * session's row lock (two owners editing at once both keep their change); a change that changes
 * nothing bumps no version. Calendars follow (version + 1) and every open screen updates.
 */
export async function patchSession(
  ctx: Ctx,
  scope: Scope,
  moduleId: number,
  id: number,
  body: z.output<typeof sessionPatch>,
): Promise<SessionDetail> {
  const at = await agendaModule(ctx, scope, moduleId);
  if (!(await isAdmin(ctx, scope))) throw forbidden();
  const startsIn = body.starts_at === undefined ? undefined : calendarInstant('starts_at', body.starts_at);
  const endsIn = body.ends_at === undefined ? undefined : calendarInstant('ends_at', body.ends_at);
  const locationIn = body.location === undefined ? undefined : body.location.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  if (locationIn !== undefined && locationIn.length > 200) throw fieldError('location', 'agenda.errors.locationTooLong', { length: 200 });
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(agendaSessions)
      .where(and(eq(agendaSessions.id, id), eq(agendaSessions.appId, at.appId), eq(agendaSessions.appModuleId, at.moduleId)))
      .for('update');
    if (!row) throw notFound();
    const startsAt = startsIn ?? row.startsAt;
    const endsAt = endsIn ?? row.endsAt;
    if (endsAt <= startsAt) throw fieldError('ends_at', 'agenda.errors.endBeforeStart');
    const location = locationIn ?? row.location;
    const cancelledAt = body.cancelled === undefined ? row.cancelledAt : body.cancelled ? (row.cancelledAt ?? new Date()) : null;
    const same =
      startsAt.getTime() === row.startsAt.getTime() &&
      endsAt.getTime() === row.endsAt.getTime() &&
      location === row.location &&
      (cancelledAt === null) === (row.cancelledAt === null);
    if (same) return undefined;
    const [next] = await tx
      .update(agendaSessions)
      .set({ startsAt, endsAt, location, cancelledAt, version: sql`${agendaSessions.version} + 1`, updatedAt: new Date() })
      .where(eq(agendaSessions.id, id))
      .returning();
    return next;
  });
  if (updated) await announceSessions(ctx, at, [updated], { notify: true });
  return sessionDetail(ctx, scope, moduleId, id);
}

/**
 * After sessions' changes are committed (the owner's edit here, the console's edits and publishing):
 * every node drops the module's cached lists, then open screens of the app get each session (they
 * patch it and refetch their lists; calendars follow by its version). With `notify`, members holding
 * one in their agenda hear of the move or the cancellation (push and in-app, category Events; not
 * awaited). Drafts reach nobody: only the lists are dropped.
 */
export async function announceSessions(ctx: Ctx, at: At, rows: SessionRow[], opts: { notify: boolean }): Promise<void> {
  dropLists(ctx, at.moduleId);
  const shown = rows.filter((r) => !r.draft);
  if (shown.length === 0) return;
  const pubs = await withSpeakers(ctx.db, at, shown);
  for (const pub of pubs) ctx.io?.to(`app:${at.appId}`).emit('agendaSession', { session: pub });
  if (!opts.notify) return;
  for (const row of shown) {
    const kind = row.cancelledAt ? 'cancelled' : 'changed';
    void notifySessionChange(ctx, at.appId, { id: row.id, title: row.title, moduleId: at.moduleId }, kind).catch((err: unknown) =>
      ctx.log.warn({ err }, 'agenda: session change notices failed'),
    );
  }
}

/** Drops every node's cached lists of a module (tracks, rooms, speakers or sessions changed). */
export function dropAgendaLists(ctx: Ctx, moduleId: number): void {
  dropLists(ctx, moduleId);
}

/** Adds or removes a session of the reader's schedule; twice counts once. */
export async function setScheduled(ctx: Ctx, scope: Scope, moduleId: number, id: number, on: boolean) {
  const at = await agendaModule(ctx, scope, moduleId);
  const row = await sessionOr404(ctx, at, id);
  if (on && row.cancelledAt) throw fieldError('_popup', 'agenda.errors.cancelled');
  const count = await ctx.db.transaction(async (tx) => {
    const changed = on
      ? await tx
          .insert(agendaSchedule)
          .values({ userId: scope.user.id, sessionId: id, appId: at.appId })
          .onConflictDoNothing()
          .returning({ id: agendaSchedule.sessionId })
      : await tx
          .delete(agendaSchedule)
          .where(and(eq(agendaSchedule.userId, scope.user.id), eq(agendaSchedule.sessionId, id)))
          .returning({ id: agendaSchedule.sessionId });
    const delta = changed.length === 0 ? 0 : on ? 1 : -1;
    const [s] = await tx
      .update(agendaSessions)
      .set({ attendeesCount: sql`greatest(0, ${agendaSessions.attendeesCount} + ${delta})` })
      .where(eq(agendaSessions.id, id))
      .returning({ n: agendaSessions.attendeesCount });
    return { n: s?.n ?? 0, changed: delta !== 0 };
  });
  if (count.changed) {
    ctx.bus.publish({ t: 'cache', name: readerSchedules.name, prefix: mineKey(at.moduleId, scope.user.id) });
    ctx.io?.to(watchRoom(id)).emit('agendaAttendees', { session_id: id, attendees_count: count.n });
  }
  return { in_schedule: on, attendees_count: count.n };
}

/** A session's rating average to one decimal, null before the first rating. */
const averageOf = (sum: number, count: number) => (count > 0 ? Math.round((sum / count) * 10) / 10 : null);

/**
 * Account deletion (agenda's `onAccountErased`, in the deletion's transaction): the member's personal
 * schedule goes and each session's attendee count drops, their ratings go and leave each average
 * (sum and count), their upvotes go and leave each question's count. Sessions' rows are locked in
 * id order first, as the schedule's and the ratings' writes order on them, and only the rows this
 * delete removed are counted. The questions they asked stay, under "Deleted user", like posts.
 * After the commit, every node drops the member's cached schedule and the sessions' lists, and
 * open session screens get the new counts.
 */
export async function eraseMemberRows(tx: Db, member: ErasedMember): Promise<AfterErase | undefined> {
  const { appId, userId } = member;
  const held = await tx
    .select({ id: agendaSchedule.sessionId })
    .from(agendaSchedule)
    .where(and(eq(agendaSchedule.appId, appId), eq(agendaSchedule.userId, userId)))
    .union(
      tx
        .select({ id: agendaRatings.sessionId })
        .from(agendaRatings)
        .where(and(eq(agendaRatings.appId, appId), eq(agendaRatings.userId, userId))),
    );
  if (held.length > 0)
    await tx
      .select({ id: agendaSessions.id })
      .from(agendaSessions)
      .where(
        inArray(
          agendaSessions.id,
          held.map((h) => h.id),
        ),
      )
      .orderBy(asc(agendaSessions.id))
      .for('update');
  const left = await tx
    .delete(agendaSchedule)
    .where(and(eq(agendaSchedule.appId, appId), eq(agendaSchedule.userId, userId)))
    .returning({ id: agendaSchedule.sessionId });
  const attendees =
    left.length === 0
      ? []
      : await tx
          .update(agendaSessions)
          .set({ attendeesCount: sql`greatest(0, ${agendaSessions.attendeesCount} - 1)` })
          .where(
            inArray(
              agendaSessions.id,
              left.map((r) => r.id),
            ),
          )
          .returning({ id: agendaSessions.id, moduleId: agendaSessions.appModuleId, n: agendaSessions.attendeesCount });
  const ratings = await tx
    .delete(agendaRatings)
    .where(and(eq(agendaRatings.appId, appId), eq(agendaRatings.userId, userId)))
    .returning({ id: agendaRatings.sessionId, rating: agendaRatings.rating });
  const averages: Array<{ id: number; moduleId: number; sum: number; count: number }> = [];
  for (const r of ratings) {
    const [s] = await tx
      .update(agendaSessions)
      .set({
        ratingsSum: sql`greatest(0, ${agendaSessions.ratingsSum} - ${r.rating})`,
        ratingsCount: sql`greatest(0, ${agendaSessions.ratingsCount} - 1)`,
      })
      .where(eq(agendaSessions.id, r.id))
      .returning({
        id: agendaSessions.id,
        moduleId: agendaSessions.appModuleId,
        sum: agendaSessions.ratingsSum,
        count: agendaSessions.ratingsCount,
      });
    if (s) averages.push(s);
  }
  // Upvotes: the question's row is what a vote's write updates, one statement each way.
  const votes = await tx
    .delete(agendaQuestionVotes)
    .where(
      and(
        eq(agendaQuestionVotes.userId, userId),
        inArray(
          agendaQuestionVotes.questionId,
          tx.select({ id: agendaQuestions.id }).from(agendaQuestions).where(eq(agendaQuestions.appId, appId)),
        ),
      ),
    )
    .returning({ id: agendaQuestionVotes.questionId });
  if (votes.length > 0)
    await tx
      .update(agendaQuestions)
      .set({ votesCount: sql`greatest(0, ${agendaQuestions.votesCount} - 1)` })
      .where(
        inArray(
          agendaQuestions.id,
          votes.map((v) => v.id),
        ),
      );
  const modules = new Set([...attendees, ...averages].map((s) => s.moduleId));
  if (modules.size === 0 && votes.length === 0) return undefined;
  return async (ctx) => {
    for (const moduleId of modules) {
      ctx.bus.publish({ t: 'cache', name: readerSchedules.name, prefix: mineKey(moduleId, userId) });
      dropLists(ctx, moduleId);
    }
    for (const s of attendees) ctx.io?.to(watchRoom(s.id)).emit('agendaAttendees', { session_id: s.id, attendees_count: s.n });
    for (const s of averages)
      ctx.io?.to(watchRoom(s.id)).emit('agendaRating', {
        session_id: s.id,
        rating_average: averageOf(s.sum, s.count),
        ratings_count: s.count,
      });
  };
}

export async function rateSession(ctx: Ctx, scope: Scope, moduleId: number, id: number, body: z.output<typeof ratingInput>) {
  const at = await agendaModule(ctx, scope, moduleId);
  const row = await sessionOr404(ctx, at, id);
  if (body.rating < 1 || body.rating > 5) throw fieldError('rating', 'agenda.errors.ratingRange');
  const comment = (body.comment ?? '').trim();
  if (comment.length > AGENDA_LIMITS.ratingCommentMax)
    throw fieldError('comment', 'agenda.errors.commentTooLong', { length: AGENDA_LIMITS.ratingCommentMax });
  if (row.cancelledAt) throw fieldError('_popup', 'agenda.errors.cancelled');
  if (row.startsAt.getTime() > Date.now()) throw fieldError('rating', 'agenda.errors.rateBeforeStart');
  const totals = await ctx.db.transaction(async (tx) => {
    // The session's row lock orders the ratings of one session: sums stay exact under races.
    await tx.execute(sql`select id from agenda_sessions where id = ${id} for update`);
    const [old] = await tx
      .select({ rating: agendaRatings.rating })
      .from(agendaRatings)
      .where(and(eq(agendaRatings.sessionId, id), eq(agendaRatings.userId, scope.user.id)));
    await tx
      .insert(agendaRatings)
      .values({ sessionId: id, userId: scope.user.id, appId: at.appId, rating: body.rating, comment })
      .onConflictDoUpdate({
        target: [agendaRatings.sessionId, agendaRatings.userId],
        set: { rating: body.rating, comment, updatedAt: new Date() },
      });
    const [s] = await tx
      .update(agendaSessions)
      .set({
        ratingsSum: sql`${agendaSessions.ratingsSum} + ${body.rating - (old?.rating ?? 0)}`,
        ratingsCount: sql`${agendaSessions.ratingsCount} + ${old ? 0 : 1}`,
      })
      .where(eq(agendaSessions.id, id))
      .returning({ sum: agendaSessions.ratingsSum, count: agendaSessions.ratingsCount });
    return s ?? { sum: 0, count: 0 };
  });
  const average = averageOf(totals.sum, totals.count);
  // Everyone on the session's screen sees the new average at once.
  ctx.io?.to(watchRoom(id)).emit('agendaRating', { session_id: id, rating_average: average, ratings_count: totals.count });
  return { my_rating: { rating: body.rating, comment }, rating_average: average, ratings_count: totals.count };
}

export async function listQuestions(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<Question[]> {
  const at = await agendaModule(ctx, scope, moduleId);
  await sessionOr404(ctx, at, id);
  const [list, voted] = await Promise.all([questionsOf(ctx.db, id), votedIds(ctx.db, id, scope.user.id)]);
  return list.map((q) => ({ ...q, voted: voted.has(q.id) }));
}

function tellQuestion(ctx: Ctx, q: PublicQuestion) {
  ctx.io?.to(watchRoom(q.session_id)).emit('agendaQuestion', { question: q });
}

export async function askQuestion(ctx: Ctx, scope: Scope, moduleId: number, id: number, raw: string): Promise<Question> {
  const at = await agendaModule(ctx, scope, moduleId);
  const row = await sessionOr404(ctx, at, id);
  const text = raw.trim();
  if (!text) throw fieldError('text', 'agenda.errors.questionRequired');
  if (text.length > AGENDA_LIMITS.questionMax)
    throw fieldError('text', 'agenda.errors.questionTooLong', { length: AGENDA_LIMITS.questionMax });
  if (row.cancelledAt) throw fieldError('_popup', 'agenda.errors.cancelled');
  const [created] = await ctx.db
    .insert(agendaQuestions)
    .values({ appId: at.appId, sessionId: id, userId: scope.user.id, text })
    .returning();
  const q = created && (await questionById(ctx.db, id, created.id));
  if (!q) throw notFound();
  tellQuestion(ctx, q);
  return { ...q, voted: false };
}

async function questionOr404(ctx: Ctx, scope: Scope, moduleId: number, sessionId: number, questionId: number) {
  const at = await agendaModule(ctx, scope, moduleId);
  await sessionOr404(ctx, at, sessionId);
  const q = await questionById(ctx.db, sessionId, questionId);
  if (!q) throw notFound();
  return q;
}

export async function voteQuestion(ctx: Ctx, scope: Scope, moduleId: number, sessionId: number, questionId: number, on: boolean) {
  await questionOr404(ctx, scope, moduleId, sessionId, questionId);
  // A question deleted meanwhile: its vote's reference fails, which is a 404 like any gone question.
  const changed = await ctx.db
    .transaction(async (tx) => {
      const rows = on
        ? await tx
            .insert(agendaQuestionVotes)
            .values({ questionId, userId: scope.user.id })
            .onConflictDoNothing()
            .returning({ id: agendaQuestionVotes.questionId })
        : await tx
            .delete(agendaQuestionVotes)
            .where(and(eq(agendaQuestionVotes.questionId, questionId), eq(agendaQuestionVotes.userId, scope.user.id)))
            .returning({ id: agendaQuestionVotes.questionId });
      if (rows.length === 0) return false;
      await tx
        .update(agendaQuestions)
        .set({ votesCount: sql`greatest(0, ${agendaQuestions.votesCount} + ${on ? 1 : -1})` })
        .where(eq(agendaQuestions.id, questionId));
      return true;
    })
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err)) throw notFound();
      throw err;
    });
  const q = await questionById(ctx.db, sessionId, questionId);
  if (!q) throw notFound();
  if (changed) tellQuestion(ctx, q);
  return { ...q, voted: on };
}

export async function markAnswered(ctx: Ctx, scope: Scope, moduleId: number, sessionId: number, questionId: number, answered: boolean) {
  await questionOr404(ctx, scope, moduleId, sessionId, questionId);
  if (!(await mayModerate(ctx, scope, sessionId))) throw forbidden();
  await ctx.db
    .update(agendaQuestions)
    .set({ answeredAt: answered ? sql`coalesce(${agendaQuestions.answeredAt}, now())` : null })
    .where(eq(agendaQuestions.id, questionId));
  const q = await questionById(ctx.db, sessionId, questionId);
  if (!q) throw notFound();
  tellQuestion(ctx, q);
  const voted = await votedIds(ctx.db, sessionId, scope.user.id);
  return { ...q, voted: voted.has(q.id) };
}

export async function deleteQuestion(ctx: Ctx, scope: Scope, moduleId: number, sessionId: number, questionId: number) {
  const q = await questionOr404(ctx, scope, moduleId, sessionId, questionId);
  if (q.user.id !== scope.user.id && !(await mayModerate(ctx, scope, sessionId))) throw forbidden();
  await ctx.db.delete(agendaQuestions).where(eq(agendaQuestions.id, questionId));
  ctx.io?.to(watchRoom(sessionId)).emit('agendaQuestionRemoved', { session_id: sessionId, id: questionId });
  return { success: true as const };
}

export async function speakerDetail(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<SpeakerDetail> {
  const at = await agendaModule(ctx, scope, moduleId);
  const row = await findSpeaker(ctx.db, at, id);
  if (!row) throw notFound();
  const [sessions, mine] = await Promise.all([publicSessions(ctx.db, at, { speakerId: id }), scheduleIds(ctx.db, at, scope.user.id)]);
  return { ...speakerOf(row), bio: row.bioHtml, sessions: withReader(sessions, new Set(mine)) };
}

/** The reader's schedule, by time (the .ics export and the subscription feed). */
export async function scheduleSessions(ctx: Ctx, at: At, userId: number): Promise<PublicSession[]> {
  const ids = await scheduleIds(ctx.db, at, userId);
  return publicSessions(ctx.db, at, { ids, limit: AGENDA_LIMITS.moduleMax });
}

export async function sessionForIcs(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<PublicSession> {
  const at = await agendaModule(ctx, scope, moduleId);
  return publicOf(ctx, at, await sessionOr404(ctx, at, id));
}

export async function feedState(ctx: Ctx, scope: Scope, moduleId: number) {
  const at = await agendaModule(ctx, scope, moduleId);
  const [row] = await ctx.db
    .select({ createdAt: agendaCalendarFeeds.createdAt })
    .from(agendaCalendarFeeds)
    .where(and(eq(agendaCalendarFeeds.appModuleId, at.moduleId), eq(agendaCalendarFeeds.userId, scope.user.id)));
  return { url: null, created_at: row ? row.createdAt.toISOString() : null };
}

/** A new secret (the old one, if any, stops working); its URL is answered this once. */
export async function newFeed(ctx: Ctx, scope: Scope, moduleId: number) {
  const at = await agendaModule(ctx, scope, moduleId);
  const token = newToken();
  const [row] = await ctx.db
    .insert(agendaCalendarFeeds)
    .values({ appId: at.appId, appModuleId: at.moduleId, userId: scope.user.id, tokenHash: hashToken(token) })
    .onConflictDoUpdate({
      target: [agendaCalendarFeeds.appModuleId, agendaCalendarFeeds.userId],
      set: { tokenHash: hashToken(token), createdAt: new Date() },
    })
    .returning();
  return { url: `/agenda/feed.ics?token=${token}`, created_at: (row?.createdAt ?? new Date()).toISOString() };
}

export async function revokeFeed(ctx: Ctx, scope: Scope, moduleId: number) {
  const at = await agendaModule(ctx, scope, moduleId);
  await ctx.db
    .delete(agendaCalendarFeeds)
    .where(and(eq(agendaCalendarFeeds.appModuleId, at.moduleId), eq(agendaCalendarFeeds.userId, scope.user.id)));
  return { success: true as const };
}

/**
 * The schedule behind a subscription secret, while its app is published and its account not
 * deleted (the deletion erases the secret too: memberData); undefined otherwise.
 */
export async function feedByToken(ctx: Ctx, token: string) {
  const [found] = await ctx.db
    .select({ row: agendaCalendarFeeds, deletedAt: users.deletedAt })
    .from(agendaCalendarFeeds)
    .innerJoin(users, eq(users.id, agendaCalendarFeeds.userId))
    .where(eq(agendaCalendarFeeds.tokenHash, hashToken(token)));
  if (!found || found.deletedAt) return undefined;
  const { row } = found;
  const app = await ctx.apps.get(row.appId);
  if (!app || app.isLocked || !app.isPublished) return undefined;
  const mod = await ctx.apps.module(row.appId, row.appModuleId);
  if (mod?.type !== 'agenda') return undefined;
  const at = { appId: row.appId, moduleId: row.appModuleId };
  return { app, userId: row.userId, sessions: await scheduleSessions(ctx, at, row.userId) };
}
