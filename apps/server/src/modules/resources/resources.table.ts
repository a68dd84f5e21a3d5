import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appIdColumn, appModuleIdColumn, createdAtColumn, tsvector, userIdColumn } from '../../platform/columns.ts';
import { uploads } from '../content/content.table.ts';

/**
 * A folder, file, image or link of a resources module (docs/decisions.md "Resources"). Folders sit
 * at the root only; files, images and links at the root or in a folder. A file or image holds one
 * upload of the content kit (`uploads.held`), deleted with it.
 */
export const resourceItems = pgTable(
  'resource_items',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    appModuleId: appModuleIdColumn(),
    /** Who added it: with the app's owners, the item's owner. */
    userId: userIdColumn(),
    /** The folder it is in; a folder's contents go with it. */
    folderId: integer('folder_id').references((): AnyPgColumn => resourceItems.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['folder', 'file', 'image', 'link'] }).notNull(),
    title: text('title').notNull(),
    /** A line under the title (plain text). */
    description: text('description').notNull().default(''),
    /** The organiser's order within its folder (then newest first). */
    position: integer('position').notNull().default(0),
    /** A link's target (http or https). */
    url: text('url'),
    uploadId: integer('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** False: hidden ("Inactive"), seen by its owners only. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs((): SQL => sql`to_tsvector('simple', ${resourceItems.title})`),
  },
  (t) => [
    index('resource_items_folder_idx').on(t.appModuleId, t.folderId),
    index('resource_items_search_idx').using('gin', t.search),
    uniqueIndex('resource_items_upload_idx').on(t.uploadId),
    check('resource_items_type_check', sql`${t.type} in ('folder', 'file', 'image', 'link')`),
  ],
);
