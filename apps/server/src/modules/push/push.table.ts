import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    publicKey: text('public_key').notNull(),
    authToken: text('auth_token').notNull(),
    encoding: text('encoding').notNull().default('aes128gcm'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The fan-out reads the subscriptions of a batch of members.
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** One row per push sent; `opened_at` is set by PUT /push-open/{id}. */
export const pushMessages = pgTable('push_messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  openedAt: timestamp('opened_at', { withTimezone: true }),
});
