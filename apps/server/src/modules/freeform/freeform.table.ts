import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { appModules, apps } from '../apps/apps.table.ts';

/** The one page of a free-form module: sanitised rich text (lib/rich-text.ts). */
export const freeformPages = pgTable('freeform_pages', {
  appModuleId: integer('app_module_id')
    .primaryKey()
    .references(() => appModules.id, { onDelete: 'cascade' }),
  appId: integer('app_id')
    .notNull()
    .references(() => apps.id, { onDelete: 'cascade' }),
  html: text('html').notNull(),
  /** Its plain text (search, previews). */
  text: text('text').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
