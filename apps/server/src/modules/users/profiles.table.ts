import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn, createdAtColumn, userIdColumn } from '../../platform/columns.ts';
import { users } from './users.table.ts';

/**
 * A member's profile beyond the name card of `users` (spec 3 §3 Profile), one row per member, made
 * on their first save. Personal data: erased with the account (cascade from `users`).
 * Tag lists are JSON arrays of short strings (caps in the contract); `photo_url` is the large
 * profile photo (the avatar stays `users.avatar_url`). Preferences: `email_visibility`
 * ('members' = every member of the app sees `public_email`, 'nobody') and `listed_in_directory`
 * (false = left out of the user directory /appusers).
 */
export const userProfiles = pgTable(
  'user_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: appIdColumn(),
    pitch: text('pitch').notNull().default(''),
    additionalInfo: text('additional_info').notNull().default(''),
    publicEmail: text('public_email').notNull().default(''),
    socialUrls: jsonb('social_urls').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    interestedIn: jsonb('interested_in').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    expertIn: jsonb('expert_in').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    lookingFor: jsonb('looking_for').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    hobbies: jsonb('hobbies').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    touchpoints: jsonb('touchpoints').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    topics: jsonb('topics').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    photoUrl: text('photo_url'),
    emailVisibility: text('email_visibility', { enum: ['members', 'nobody'] })
      .notNull()
      .default('members'),
    listedInDirectory: boolean('listed_in_directory').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_profiles_app_idx').on(t.appId)],
);

/** A member's favorite members (spec 3 §4 "favorited or not"); gone with either member. */
export const userFavorites = pgTable(
  'user_favorites',
  {
    userId: userIdColumn(),
    favoriteId: integer('favorite_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: appIdColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.favoriteId] }), index('user_favorites_favorite_idx').on(t.favoriteId)],
);

/** A member's private note on another member (spec 3 §3 User note): only its author ever reads it. */
export const userNotes = pgTable(
  'user_notes',
  {
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: appIdColumn(),
    text: text('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.authorId, t.subjectId] }), index('user_notes_subject_idx').on(t.subjectId)],
);

/**
 * A member's report of another member (Report on their profile, spec 3 §6 "flag"): one row per
 * reporter and member, so reporting twice counts once; gone with either member. The organisers
 * read them; the reported member is not told who reported.
 */
export const userFlags = pgTable(
  'user_flags',
  {
    subjectId: integer('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: appIdColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.reporterId] }), index('user_flags_reporter_idx').on(t.reporterId)],
);
