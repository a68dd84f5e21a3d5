import type { AnnouncementSegment, AnnouncementStatus } from '@app/contract/schemas/console-announcements';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn, createdAtColumn } from '../../../platform/columns.ts';
import { users } from '../../users/users.table.ts';

/**
 * An organiser's announcement (issue 22): texts per language, who gets it, when. The sending is a
 * row with a deadline (ARCHITECTURE "timers are rows"): `scheduled` rows whose `send_at` passed are
 * claimed by one node's sweep with an atomic status change; while `sending`, `cursor` is the last
 * member id handed over and `lease_until` the claimer's deadline, so another node (or the same one
 * after a restart) resumes a send whose node went away, after the cursor.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The title in the app's default language, else the first written (lists and the audit log). */
    title: text('title').notNull(),
    bodies: jsonb('bodies').$type<Record<string, { title: string; body: string }>>().notNull(),
    segment: jsonb('segment').$type<AnnouncementSegment>().notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }),
    status: text('status').$type<AnnouncementStatus>().notNull().default('draft'),
    recipients: integer('recipients').notNull().default(0),
    cursor: integer('cursor').notNull().default(0),
    /** Grows with every claim: a sender whose claim was taken over (its lease ran out) stops. */
    claim: integer('claim').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('announcements_app_idx').on(t.appId, t.id),
    // The sweep's due rows: scheduled by time, and sends whose lease ran out.
    index('announcements_due_idx').on(t.sendAt).where(sql`${t.status} = 'scheduled'`),
    index('announcements_sending_idx').on(t.leaseUntil).where(sql`${t.status} = 'sending'`),
    index('announcements_author_idx').on(t.authorId),
  ],
);
