import { type SQL, sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appIdColumn, appModuleIdColumn, createdAtColumn, tsvector, userIdColumn } from '../../platform/columns.ts';
import { users } from '../users/users.table.ts';

/** A track of an agenda (a stage, a theme), with the colour its sessions show. */
export const agendaTracks = pgTable(
  'agenda_tracks',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    appModuleId: appModuleIdColumn(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    position: integer('position').notNull().default(0),
    /** The id the track has in the file it was imported from (a re-import updates it by this id). */
    externalId: text('external_id'),
  },
  (t) => [
    index('agenda_tracks_module_idx').on(t.appModuleId, t.position),
    uniqueIndex('agenda_tracks_external_idx').on(t.appModuleId, t.externalId).where(sql`external_id is not null`),
  ],
);

/** A room (or stage) of an agenda; sessions in it show its name as their place. */
export const agendaRooms = pgTable(
  'agenda_rooms',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    appModuleId: appModuleIdColumn(),
    name: text('name').notNull(),
    capacity: integer('capacity'),
    position: integer('position').notNull().default(0),
    externalId: text('external_id'),
  },
  (t) => [
    index('agenda_rooms_module_idx').on(t.appModuleId, t.position),
    uniqueIndex('agenda_rooms_external_idx').on(t.appModuleId, t.externalId).where(sql`external_id is not null`),
  ],
);

/** A speaker of an agenda; `user_id` when the speaker is also a member (they moderate their Q&A). */
export const agendaSpeakers = pgTable(
  'agenda_speakers',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    appModuleId: appModuleIdColumn(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    jobTitle: text('job_title').notNull().default(''),
    company: text('company').notNull().default(''),
    photoUrl: text('photo_url'),
    /** Sanitised HTML (lib/rich-text.ts). */
    bioHtml: text('bio_html').notNull().default(''),
    /** Their links: [{ label, url }] (http(s) only, checked on write). */
    links: jsonb('links').$type<Array<{ label: string; url: string }>>().notNull().default([]),
    externalId: text('external_id'),
  },
  (t) => [
    index('agenda_speakers_module_idx').on(t.appModuleId, t.name),
    uniqueIndex('agenda_speakers_external_idx').on(t.appModuleId, t.externalId).where(sql`external_id is not null`),
  ],
);

/**
 * A session. `version` grows with every change an attendee's calendar must follow (time, place,
 * cancellation): it is the iCalendar SEQUENCE. Cancelled sessions stay, marked, so calendars that
 * subscribed see the cancellation instead of a silent disappearance.
 */
export const agendaSessions = pgTable(
  'agenda_sessions',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    appModuleId: appModuleIdColumn(),
    trackId: integer('track_id').references(() => agendaTracks.id, { onDelete: 'set null' }),
    /** Its room; `location` holds the room's name (or a free place when there is no room). */
    roomId: integer('room_id').references(() => agendaRooms.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** Sanitised HTML (lib/rich-text.ts), and its plain text for search. */
    descriptionHtml: text('description_html').notNull().default(''),
    descriptionText: text('description_text').notNull().default(''),
    location: text('location').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** A draft (made in the console or imported, not yet published) is not shown to attendees. */
    draft: boolean('draft').notNull().default(false),
    /** Seats; null when unlimited. */
    capacity: integer('capacity'),
    qaEnabled: boolean('qa_enabled').notNull().default(true),
    ratingEnabled: boolean('rating_enabled').notNull().default(true),
    externalId: text('external_id'),
    version: integer('version').notNull().default(0),
    /** How many members hold it in their schedule (kept by the schedule's writes). */
    attendeesCount: integer('attendees_count').notNull().default(0),
    ratingsCount: integer('ratings_count').notNull().default(0),
    ratingsSum: integer('ratings_sum').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple', ${agendaSessions.title} || ' ' || ${agendaSessions.descriptionText})`,
    ),
  },
  (t) => [
    // The agenda by time: one index range for a module (and a day of it).
    index('agenda_sessions_time_idx').on(t.appModuleId, t.startsAt, t.id),
    index('agenda_sessions_search_idx').using('gin', t.search),
    uniqueIndex('agenda_sessions_external_idx').on(t.appModuleId, t.externalId).where(sql`external_id is not null`),
    index('agenda_sessions_room_idx').on(t.roomId),
  ],
);

export const agendaSessionSpeakers = pgTable(
  'agenda_session_speakers',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => agendaSessions.id, { onDelete: 'cascade' }),
    speakerId: integer('speaker_id')
      .notNull()
      .references(() => agendaSpeakers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.speakerId] }), index('agenda_session_speakers_speaker_idx').on(t.speakerId)],
);

/** A member's personal schedule: the sessions they added. */
export const agendaSchedule = pgTable(
  'agenda_schedule',
  {
    userId: userIdColumn(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => agendaSessions.id, { onDelete: 'cascade' }),
    appId: appIdColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sessionId] }), index('agenda_schedule_session_idx').on(t.sessionId)],
);

/** A question asked in a session's Q&A; `votes_count` is kept by the votes' writes. */
export const agendaQuestions = pgTable(
  'agenda_questions',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => agendaSessions.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    text: text('text').notNull(),
    votesCount: integer('votes_count').notNull().default(0),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('agenda_questions_session_idx').on(t.sessionId, t.votesCount.desc(), t.id)],
);

export const agendaQuestionVotes = pgTable(
  'agenda_question_votes',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => agendaQuestions.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] }), index('agenda_question_votes_user_idx').on(t.userId)],
);

/** One rating per member and session, editable. */
export const agendaRatings = pgTable(
  'agenda_ratings',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => agendaSessions.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    appId: appIdColumn(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index('agenda_ratings_user_idx').on(t.userId)],
);

/**
 * The secret of a member's calendar subscription URL, one per member and agenda. Only its SHA-256
 * is kept; a new one replaces (revokes) the old.
 */
export const agendaCalendarFeeds = pgTable(
  'agenda_calendar_feeds',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    appModuleId: appModuleIdColumn(),
    userId: userIdColumn(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('agenda_calendar_feeds_token_idx').on(t.tokenHash),
    uniqueIndex('agenda_calendar_feeds_user_idx').on(t.appModuleId, t.userId),
  ],
);
