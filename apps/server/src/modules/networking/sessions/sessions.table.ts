import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn, appModuleIdColumn, createdAtColumn, userIdColumn } from '../../../platform/columns.ts';
import { users } from '../../users/users.table.ts';

/**
 * A speed or group networking session (spec 3 §4). The clock lives here: `state`, the current
 * `round` and `phase` (a round's talk, or the break after it) and when that ends (`ends_at`). The
 * ticker of any node moves it on (row lock, skip locked), so a restart continues where it stood.
 */
export const networkingSessions = pgTable(
  'networking_sessions',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    appModuleId: appModuleIdColumn(),
    title: text('title').notNull(),
    mode: text('mode', { enum: ['speed', 'group'] }).notNull(),
    groupSize: integer('group_size').notNull().default(2),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    rounds: integer('rounds').notNull(),
    /** Seconds per round (the form says minutes; tests run shorter rounds). */
    roundSeconds: integer('round_seconds').notNull(),
    topics: text('topics').array().notNull().default(sql`'{}'::text[]`),
    state: text('state', { enum: ['scheduled', 'running', 'completed', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    round: integer('round').notNull().default(0),
    phase: text('phase', { enum: ['talk', 'break'] })
      .notNull()
      .default('talk'),
    roundStartedAt: timestamp('round_started_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** The round whose "not ready within the first minute" check has run. */
    readyChecked: integer('ready_checked').notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('networking_sessions_module_idx').on(t.appModuleId, t.mode, t.state),
    // The ticker's look-up: open sessions by their next deadline.
    index('networking_sessions_due_idx').on(t.state, t.endsAt).where(sql`state in ('scheduled', 'running')`),
  ],
);

/** A member who said "I'm in" (`active` false: left, not matched in the next rounds). */
export const networkingSessionMembers = pgTable(
  'networking_session_members',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => networkingSessions.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    active: boolean('active').notNull().default(true),
    /** The round in which a partner was reported not ready (the screen says so). */
    bumpedRound: integer('bumped_round').notNull().default(0),
    joinedAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index('networking_session_members_user_idx').on(t.userId)],
);

/**
 * A member's place in one round: the group (by its `number`, distinct within the round) and its
 * picture; `ready_at` when they confirmed they found their partners.
 */
export const networkingSessionSeats = pgTable(
  'networking_session_seats',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => networkingSessions.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    userId: userIdColumn(),
    number: integer('number').notNull(),
    symbol: integer('symbol').notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.round, t.userId] }),
    index('networking_session_seats_group_idx').on(t.sessionId, t.round, t.number),
    index('networking_session_seats_user_idx').on(t.userId),
  ],
);
