import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { apps } from '../apps/apps.table.ts';
import { users } from '../users/users.table.ts';

/** POST /pwa/audit: how the app is used (installed or browser, device). */
export const pwaAudits = pgTable('pwa_audits', {
  id: serial('id').primaryKey(),
  appId: integer('app_id')
    .notNull()
    .references(() => apps.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  pwaAppMode: text('pwa_app_mode').notNull(),
  isPreviewFrame: boolean('is_preview_frame').notNull(),
  deviceType: text('device_type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
