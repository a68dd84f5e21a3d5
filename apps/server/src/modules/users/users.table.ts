import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { apps } from '../apps/apps.table.ts';

/** A user belongs to one app; the same e-mail in two apps is two accounts. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    company: text('company').notNull().default(''),
    location: text('location').notNull().default(''),
    avatarUrl: text('avatar_url'),
    /** App owner (the spec's `is_admin`): runs their app in the console and may moderate content. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Moderator: sees and acts on the moderation queue of their app in the console, nothing else there. */
    isModerator: boolean('is_moderator').notNull().default(false),
    /** Operator: runs the whole platform in the console (every app, creating apps). */
    isOperator: boolean('is_operator').notNull().default(false),
    /** Set while an organiser blocks the account: it cannot sign in and its sessions were revoked. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    isVerified: boolean('is_verified').notNull().default(false),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    notificationMode: text('notification_mode', { enum: ['all', 'inapp', 'push', 'none'] })
      .notNull()
      .default('all'),
    inappEnabled: boolean('inapp_enabled').notNull().default(true),
    /** The member's language as the client last sent it (locale cookie); null: the app's. Pushes are written in it. */
    locale: text('locale'),
    /** Set when the member deleted the account: the name is empty and shown as "Deleted user" in the reader's language. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * When the member was last seen (a signed-in call or a live connection), to the hour: written at
     * most once an hour per member, in batches (LastSeen); the console's "active" figures read it.
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_app_email_idx').on(t.appId, sql`lower(${t.email})`),
    index('users_app_name_idx').on(t.appId, t.lastName, t.firstName),
    // The console dashboard's "active today / in 7 days".
    index('users_app_seen_idx').on(t.appId, t.lastSeenAt),
    // The console's member search (console/members): words of the name, the address (whole, and
    // its two halves) and the company, found by prefix. Keep it equal to MEMBER_SEARCH_VECTOR there.
    index('users_search_idx').using(
      'gin',
      sql`to_tsvector('simple', ${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || replace(${t.email}, '@', ' ') || ' ' || ${t.company})`,
    ),
  ],
);

/** Unread items per user and module: the menu bubbles. */
export const bubbles = pgTable(
  'bubbles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appModuleId: integer('app_module_id').notNull(),
    itemId: integer('item_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bubbles_pk').on(t.userId, t.appModuleId, t.itemId)],
);
