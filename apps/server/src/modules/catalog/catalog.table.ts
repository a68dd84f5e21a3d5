import { type SQL, sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appIdColumn, appModuleIdColumn, tsvector, userIdColumn } from '../../platform/columns.ts';

/** An exhibitor, sponsor or product of a catalog module (docs/decisions.md "Catalog and free-form page"). */
export const catalogItems = pgTable(
  'catalog_items',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    appModuleId: appModuleIdColumn(),
    name: text('name').notNull(),
    category: text('category'),
    /** Booth or location at the venue. */
    location: text('location'),
    logoUrl: text('logo_url'),
    /** http(s) only. */
    website: text('website'),
    /** Where want-to-buy requests are mailed; never answered to members. */
    contactEmail: text('contact_email'),
    /** Sanitised HTML of the fixed vocabulary (lib/rich-text.ts). */
    descriptionHtml: text('description_html').notNull().default(''),
    /** Its plain text: search and the list's summary. */
    descriptionText: text('description_text').notNull().default(''),
    /** The import source's own id: a re-import updates the item instead of adding one. */
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Words of name, category, booth and description in the `simple` configuration: every language is found. */
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('simple', ${catalogItems.name} || ' ' || coalesce(${catalogItems.category}, '') || ' ' || coalesce(${catalogItems.location}, '') || ' ' || ${catalogItems.descriptionText})`,
    ),
  },
  (t) => [
    // The list: one index range per page, by name.
    index('catalog_items_list_idx').on(t.appModuleId, t.name, t.id),
    index('catalog_items_search_idx').using('gin', t.search),
    uniqueIndex('catalog_items_external_idx').on(t.appModuleId, t.externalId).where(sql`external_id is not null`),
  ],
);

/** A member's report of an item: one row per item and member, so reporting twice counts once. */
export const catalogFlags = pgTable(
  'catalog_flags',
  {
    appId: appIdColumn(),
    itemId: integer('item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] }), index('catalog_flags_user_idx').on(t.userId)],
);

/**
 * A member's want-to-buy request of an item: one row per item and member with the time of the last
 * mail sent, so a second request within a day sends nothing (the row is the lock).
 */
export const catalogBuyRequests = pgTable(
  'catalog_buy_requests',
  {
    appId: appIdColumn(),
    itemId: integer('item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] }), index('catalog_buy_requests_user_idx').on(t.userId)],
);
