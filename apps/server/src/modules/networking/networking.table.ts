import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appIdColumn, createdAtColumn } from '../../platform/columns.ts';
import { users } from '../users/users.table.ts';

/**
 * A 1:1 meeting between two members of one app (docs/decisions.md "1:1 meetings"): asked by the
 * initiator, answered by the invitee; cancelled by either. Kept after a decline or a cancel (the
 * lists' Past tab, and the calendar feed's STATUS:CANCELLED).
 */
export const networkingMeetings = pgTable(
  'networking_meetings',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    initiatorId: integer('initiator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteeId: integer('invitee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'rejected', 'cancelled'] })
      .notNull()
      .default('pending'),
    timeStart: timestamp('time_start', { withTimezone: true }).notNull(),
    /** Minutes: 15, 30, 45 or 60. */
    duration: integer('duration').notNull(),
    location: text('location').notNull().default(''),
    /** The cover message. */
    title: text('title').notNull().default(''),
    /** The IANA zone the slot was chosen in. */
    timezoneName: text('timezone_name').notNull(),
    /** Once accepted (kept after a cancel): the calendar feed shows such a meeting cancelled rather than never. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by'),
    /** +1 on each change: the iCalendar SEQUENCE. */
    version: integer('version').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A member's meetings, either side: two index ranges, by slot.
    index('networking_meetings_initiator_idx').on(t.initiatorId, t.timeStart),
    index('networking_meetings_invitee_idx').on(t.inviteeId, t.timeStart),
    // At most one request waiting for an answer between two members, whoever asked (a moved meeting
    // waiting again, accepted_at set, is not a new request). The service checks it first under both
    // members' row locks; this is the last word if anything slips past.
    uniqueIndex('networking_meetings_waiting_pair_idx')
      .on(sql`least(initiator_id, invitee_id)`, sql`greatest(initiator_id, invitee_id)`)
      .where(sql`status = 'pending' and accepted_at is null`),
  ],
);
