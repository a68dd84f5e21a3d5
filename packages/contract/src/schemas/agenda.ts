import { z } from 'zod';
/**
 * Agenda (issue 10): sessions by day and track, speakers, the member's personal schedule, a live
 * Q&A per session, ratings, and calendars (.ics of a session or of the schedule, and a private
 * subscription URL that follows later changes). Routes under `/agenda/:app_module_id/…` of an
 * agenda module of the caller's app (docs/decisions.md "Agenda").
 */
import { AGENDA_LIMITS } from '../agenda-constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { calendarInstant, moduleId, okBody } from './common.ts';
import { author } from './content.ts';

export { AGENDA_ICS, AGENDA_LIMITS } from '../agenda-constants.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
export const agendaParams = z.object({ app_module_id: moduleId }).strict();
export const sessionParams = z.object({ app_module_id: moduleId, id }).strict();
export const questionParams = z.object({ app_module_id: moduleId, id, question_id: id }).strict();
export const speakerParams = z.object({ app_module_id: moduleId, id }).strict();

export const track = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type Track = z.infer<typeof track>;

export const speaker = z.object({
  id: z.number().int(),
  name: z.string(),
  job_title: z.string(),
  company: z.string(),
  photo: z.string().nullable(),
  /** The member behind the speaker, when there is one (their profile opens). */
  user_id: z.number().int().nullable(),
});
export type Speaker = z.infer<typeof speaker>;

/** What every member sees of a session (sent live as it is). */
export const publicSession = z.object({
  id: z.number().int(),
  app_module_id: z.number().int(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  location: z.string(),
  track: track.nullable(),
  speakers: z.array(speaker),
  cancelled: z.boolean(),
  /** Grows with every change of time, place or cancellation. */
  version: z.number().int(),
  attendees_count: z.number().int(),
  rating_average: z.number().nullable(),
  ratings_count: z.number().int(),
});
export type PublicSession = z.infer<typeof publicSession>;

/** A session as the reader sees it: with whether it is in their schedule. */
export const agendaSession = publicSession.extend({ in_schedule: z.boolean() });
export type AgendaSession = z.infer<typeof agendaSession>;

export const myRating = z.object({ rating: z.number().int(), comment: z.string() });

export const sessionDetail = agendaSession.extend({
  /** Sanitised HTML. */
  description: z.string(),
  my_rating: myRating.nullable(),
  /** The reader moderates its Q&A (the app owner, or one of its speakers). */
  can_moderate: z.boolean(),
  /** The reader may change its time, place or cancel it (the app owner). */
  can_edit: z.boolean(),
});
export type SessionDetail = z.infer<typeof sessionDetail>;

export const agendaOverview = z.object({
  /** Days with sessions, YYYY-MM-DD in the time zone asked for (UTC when none). */
  dates: z.array(z.string()),
  /**
   * Every distinct start instant (ms since the epoch), sorted: a browser makes its own local days of
   * them without naming its time zone (Intl's first use costs a phone ~80 ms of main thread).
   */
  starts: z.array(z.number()),
  /** How many sessions start at each instant of `starts` (same order): the calendar names a day's count. */
  start_counts: z.array(z.number().int()),
  tracks: z.array(track),
  sessions_count: z.number().int(),
  /** How many sessions the reader has in their schedule. */
  schedule_count: z.number().int(),
});
export type AgendaOverview = z.infer<typeof agendaOverview>;

const csvIds = z
  .string()
  .max(400)
  .regex(/^\d{1,10}(,\d{1,10}){0,40}$/)
  .transform((s) => s.split(',').map(Number));

export const sessionsQuery = z
  .object({
    /** Sessions starting in [from, to) (ISO instants: a day of the reader's time zone). */
    from: calendarInstant.optional(),
    to: calendarInstant.optional(),
    track: csvIds.optional(),
    /** 1: only the reader's schedule. */
    my: z.enum(['0', '1']).optional(),
    search: z.string().max(AGENDA_LIMITS.searchMax).optional(),
  })
  .strict();

export const overviewQuery = z.object({ tz: z.string().max(64).optional() }).strict();

export const scheduleAnswer = z.object({ in_schedule: z.boolean(), attendees_count: z.number().int() });

export const speakerDetail = speaker.extend({ bio: z.string(), sessions: z.array(agendaSession) });
export type SpeakerDetail = z.infer<typeof speakerDetail>;

/** A Q&A question as everyone sees it (sent live as it is). */
export const publicQuestion = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  text: z.string(),
  user: author,
  votes_count: z.number().int(),
  answered: z.boolean(),
  created_at: z.string(),
});
export type PublicQuestion = z.infer<typeof publicQuestion>;
export const question = publicQuestion.extend({ voted: z.boolean() });
export type Question = z.infer<typeof question>;

export const questionInput = z.object({ text: z.string().max(10_000) }).strict();
export const answeredInput = z.object({ answered: z.boolean() }).strict();
export const ratingInput = z.object({ rating: z.number().int().min(-100).max(100), comment: z.string().max(10_000).optional() }).strict();
export const ratingAnswer = z.object({
  my_rating: myRating,
  rating_average: z.number().nullable(),
  ratings_count: z.number().int(),
});

/** What the app owner may change of a session; each change reaches calendars (version + 1). */
export const sessionPatch = z
  .object({
    starts_at: calendarInstant.optional(),
    ends_at: calendarInstant.optional(),
    location: z.string().max(10_000).optional(),
    cancelled: z.boolean().optional(),
  })
  .strict();

export const calendarFeed = z.object({
  /** Only when just made: the secret is not kept readable. */
  url: z.string().nullable(),
  created_at: z.string().nullable(),
});

const tag = 'agenda';
const base = '/agenda/:app_module_id';
export const agendaEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: `${base}/overview`,
    params: agendaParams,
    query: overviewQuery,
    response: agendaOverview,
    tag,
    summary: 'Days with sessions, tracks, counts',
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: `${base}/sessions`,
    params: agendaParams,
    query: sessionsQuery,
    response: z.array(agendaSession),
    tag,
    summary: 'Sessions by time (a day, tracks, the reader’s schedule, search)',
  }),
  session: defineEndpoint({
    method: 'GET',
    path: `${base}/sessions/:id`,
    params: sessionParams,
    response: sessionDetail,
    tag,
    summary: 'A session with its description, the reader’s rating and rights',
  }),
  patchSession: defineEndpoint({
    method: 'PATCH',
    path: `${base}/sessions/:id`,
    params: sessionParams,
    body: sessionPatch,
    response: sessionDetail,
    tag,
    summary: 'The app owner moves, relocates or cancels a session',
  }),
  addToSchedule: defineEndpoint({
    method: 'POST',
    path: `${base}/sessions/:id/schedule`,
    params: sessionParams,
    response: scheduleAnswer,
    tag,
    summary: 'Adds the session to the reader’s schedule',
  }),
  removeFromSchedule: defineEndpoint({
    method: 'DELETE',
    path: `${base}/sessions/:id/schedule`,
    params: sessionParams,
    response: scheduleAnswer,
    tag,
    summary: 'Removes the session from the reader’s schedule',
  }),
  rate: defineEndpoint({
    method: 'PUT',
    path: `${base}/sessions/:id/rating`,
    params: sessionParams,
    body: ratingInput,
    response: ratingAnswer,
    tag,
    summary: 'Rates a session 1–5 with an optional comment (once per member, editable)',
  }),
  questions: defineEndpoint({
    method: 'GET',
    path: `${base}/sessions/:id/questions`,
    params: sessionParams,
    response: z.array(question),
    tag,
    summary: 'The session’s Q&A, most voted first',
  }),
  ask: defineEndpoint({
    method: 'POST',
    path: `${base}/sessions/:id/questions`,
    params: sessionParams,
    body: questionInput,
    response: question,
    tag,
    summary: 'Asks a question',
  }),
  vote: defineEndpoint({
    method: 'POST',
    path: `${base}/sessions/:id/questions/:question_id/vote`,
    params: questionParams,
    response: question,
    tag,
    summary: 'Upvotes a question (twice counts once)',
  }),
  unvote: defineEndpoint({
    method: 'DELETE',
    path: `${base}/sessions/:id/questions/:question_id/vote`,
    params: questionParams,
    response: question,
    tag,
    summary: 'Takes the upvote back',
  }),
  answered: defineEndpoint({
    method: 'PUT',
    path: `${base}/sessions/:id/questions/:question_id/answered`,
    params: questionParams,
    body: answeredInput,
    response: question,
    tag,
    summary: 'A moderator marks a question answered (or not)',
  }),
  deleteQuestion: defineEndpoint({
    method: 'DELETE',
    path: `${base}/sessions/:id/questions/:question_id`,
    params: questionParams,
    response: okBody,
    tag,
    summary: 'Its author or a moderator deletes a question',
  }),
  speaker: defineEndpoint({
    method: 'GET',
    path: `${base}/speakers/:id`,
    params: speakerParams,
    response: speakerDetail,
    tag,
    summary: 'A speaker with their sessions',
  }),
  feed: defineEndpoint({
    method: 'GET',
    path: `${base}/calendar-feed`,
    params: agendaParams,
    response: calendarFeed,
    tag,
    summary: 'Whether the reader has a calendar subscription URL',
  }),
  newFeed: defineEndpoint({
    method: 'POST',
    path: `${base}/calendar-feed`,
    params: agendaParams,
    response: calendarFeed,
    tag,
    summary: 'A new private calendar URL of the reader’s schedule (the old one stops working)',
  }),
  revokeFeed: defineEndpoint({
    method: 'DELETE',
    path: `${base}/calendar-feed`,
    params: agendaParams,
    response: okBody,
    tag,
    summary: 'Stops the calendar URL',
  }),
};

export const agendaWatch = z.object({ app_module_id: moduleId, session_id: id, watch: z.boolean() }).strict();

declare module '../realtime.ts' {
  interface ClientToServerEvents {
    /** Start or stop receiving a session's Q&A and attendee count (its details screen is open). */
    agendaWatch: (p: z.input<typeof agendaWatch>) => void;
  }
  interface ServerToClientEvents {
    /** A session changed (moved, relocated, cancelled): to the whole app. */
    agendaSession: (p: { session: PublicSession }) => void;
    /** A question was asked or changed (votes, answered): to the session's watchers. */
    agendaQuestion: (p: { question: PublicQuestion }) => void;
    agendaQuestionRemoved: (p: { session_id: number; id: number }) => void;
    /** A session's attendee count changed: to its watchers. */
    agendaAttendees: (p: { session_id: number; attendees_count: number }) => void;
    /** A session's rating average changed (a member rated or changed their rating): to its watchers. */
    agendaRating: (p: { session_id: number; rating_average: number | null; ratings_count: number }) => void;
  }
}
