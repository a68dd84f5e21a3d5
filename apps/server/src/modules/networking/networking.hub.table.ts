import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn, createdAtColumn, userIdColumn } from '../../platform/columns.ts';
import { users } from '../users/users.table.ts';

/**
 * A member's standing in the hub (docs/decisions.md "Networking hub"): the points total (the sum of
 * their ledger rows, kept here so the leaderboard reads one row per member), the level as last
 * computed, and the badges held with when each was first earned. Made on the first point or level
 * change; no row reads as level 1, 0 points, no badges.
 */
export const networkingMembers = pgTable(
  'networking_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: appIdColumn(),
    points: integer('points').notNull().default(0),
    level: integer('level').notNull().default(1),
    /** When the level was computed: a level of 4 or 5 falls back once its 6-hour window has passed. */
    levelAt: timestamp('level_at', { withTimezone: true }),
    /** When the level must be computed again at the latest (its window ends), null when it cannot fall. */
    levelUntil: timestamp('level_until', { withTimezone: true }),
    /** Held badges (ACHIEVEMENTS keys), each kept once earned (legend, leader: "once"). */
    badges: text('badges').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The leaderboard: an app's members by points, then by who got there first.
    index('networking_members_board_idx').on(t.appId, t.points.desc(), t.updatedAt),
    index('networking_members_until_idx').on(t.levelUntil),
  ],
);

/**
 * The points ledger (spec 3 §9): one row per member, action and what it was about (`ref`), so an
 * action is counted once however often it is retried or raced (the primary key refuses the second).
 */
export const networkingPoints = pgTable(
  'networking_points',
  {
    userId: userIdColumn(),
    appId: appIdColumn(),
    action: text('action').notNull(),
    ref: text('ref').notNull().default(''),
    points: integer('points').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.action, t.ref] }), index('networking_points_recent_idx').on(t.userId, t.createdAt)],
);

/** A member's mark on another (spec 3 §4): shortlisted (`liked`) or `skipped`; one per pair and direction. */
export const networkingMarks = pgTable(
  'networking_marks',
  {
    userId: userIdColumn(),
    targetId: integer('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: appIdColumn(),
    mark: text('mark', { enum: ['liked', 'skipped'] }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.targetId] }), index('networking_marks_target_idx').on(t.targetId)],
);

/**
 * How far two members got in a private chat (spec 3 §4): `contacted` when the first message went
 * from `starter_id` to the other, `connected` when the other answered. One row per pair
 * (`low_id` < `high_id`), written by the chats module's message hook (`networking.contacts.ts`),
 * so the lists follow real messages.
 */
export const networkingContacts = pgTable(
  'networking_contacts',
  {
    lowId: integer('low_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    highId: integer('high_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: appIdColumn(),
    starterId: integer('starter_id').notNull(),
    contactedAt: timestamp('contacted_at', { withTimezone: true }).notNull().defaultNow(),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.lowId, t.highId] }), index('networking_contacts_high_idx').on(t.highId)],
);
