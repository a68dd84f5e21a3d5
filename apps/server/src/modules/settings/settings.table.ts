import { boolean, index, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn, createdAtColumn, userIdColumn } from '../../platform/columns.ts';

/**
 * A member's choice for one notification category (spec 3 "Settings and notifications"): in-app
 * and push, each on or off. No row means both on; a row is written on the first toggle. The push
 * fan-out reads it beside the subscriptions (primary key: user, category).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: userIdColumn(),
    appId: appIdColumn(),
    category: text('category', { enum: ['chats', 'discussions', 'news', 'events', 'admin', 'blog'] }).notNull(),
    inapp: boolean('inapp').notNull().default(true),
    push: boolean('push').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

/** A member's report of the app (Report Application): one row per app and member. */
export const appReports = pgTable(
  'app_reports',
  {
    appId: appIdColumn(),
    userId: userIdColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.userId] })],
);

/**
 * Contact mails a member sent (to the app owner or the developers): counted for the daily cap. The
 * message to the owner is kept (shown in the console's moderation queue, answered from there).
 */
export const contactMails = pgTable(
  'contact_mails',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    userId: userIdColumn(),
    recipient: text('recipient', { enum: ['owner', 'developers'] }).notNull(),
    /** The member's message (to the owner only; null for the developers' and older rows). */
    message: text('message'),
    /** When an organiser answered it from the console. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('contact_mails_user_idx').on(t.userId, t.createdAt)],
);
