import { type SQL, sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn, appModuleIdColumn, createdAtColumn, tsvector, userIdColumn } from '../../platform/columns.ts';

/** A photo of a listing: an upload of the seller held by the listing (uploads.held), in the seller's order. */
export interface ListingPhoto {
  id: number;
  width: number | null;
  height: number | null;
}

/** An item a member offers in a marketplace module (docs/decisions.md "Marketplace"). */
export const marketplaceItems = pgTable(
  'marketplace_items',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    appModuleId: appModuleIdColumn(),
    /** The seller: their listing goes with their account. */
    userId: userIdColumn(),
    title: text('title').notNull(),
    /** Minor units of the app's currency (cents); null: price on request. */
    priceCents: integer('price_cents'),
    /** Sanitised HTML of the fixed vocabulary (lib/rich-text.ts), made from the seller's plain text. */
    descriptionHtml: text('description_html').notNull().default(''),
    /** Its plain text: search and the list's summary. */
    descriptionText: text('description_text').notNull().default(''),
    photos: jsonb('photos').$type<ListingPhoto[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hidden by a moderator (console moderation queue): only its seller and the app's owners see it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Words of title and description in the `simple` configuration: every language is found. */
    search: tsvector('search').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple', ${marketplaceItems.title} || ' ' || ${marketplaceItems.descriptionText})`,
    ),
  },
  (t) => [
    // The list: newest first, one index range per page.
    index('marketplace_items_list_idx').on(t.appModuleId, t.createdAt.desc(), t.id.desc()),
    index('marketplace_items_search_idx').using('gin', t.search),
    index('marketplace_items_user_idx').on(t.userId),
  ],
);

/** A member's report of a listing: one row per listing and member, so reporting twice counts once. */
export const marketplaceFlags = pgTable(
  'marketplace_flags',
  {
    appId: appIdColumn(),
    itemId: integer('item_id')
      .notNull()
      .references(() => marketplaceItems.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] }), index('marketplace_flags_user_idx').on(t.userId)],
);
