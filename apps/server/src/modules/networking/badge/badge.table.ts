import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn, userIdColumn } from '../../../platform/columns.ts';
import { users } from '../../users/users.table.ts';

/**
 * A member's QR badge (spec 3 §2): the secret version its signed link carries. "Make a new badge"
 * draws another, so every link signed with the old one (printed, shared) stops working. Made on
 * the first look at one's badge; a member without a row has no badge out yet.
 */
export const networkingBadges = pgTable('networking_badges', {
  userId: userIdColumn().primaryKey(),
  appId: appIdColumn(),
  /** Random, never shown alone: only inside the HMAC of the link. */
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A badge scan: `scanner_id` scanned `scanned_id`'s badge. One row per pair and direction; a
 * repeated scan moves `last_scanned_at`. Both see it in "People I met by badge".
 */
export const networkingScans = pgTable(
  'networking_scans',
  {
    scannerId: integer('scanner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scannedId: integer('scanned_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: appIdColumn(),
    firstScannedAt: timestamp('first_scanned_at', { withTimezone: true }).notNull().defaultNow(),
    lastScannedAt: timestamp('last_scanned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scannerId, t.scannedId] }), index('networking_scans_scanned_idx').on(t.scannedId)],
);
