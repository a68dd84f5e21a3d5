import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchQuery } from '../content/content.queries.ts';
import { users } from '../users/users.table.ts';
import { catalogBuyRequests, catalogFlags, catalogItems } from './catalog.table.ts';

export type CatalogItemRow = typeof catalogItems.$inferSelect;
export type NewCatalogItem = typeof catalogItems.$inferInsert;

function listWhere(appId: number, moduleId: number, search: string | null, category: string | null): SQL | undefined {
  const q = search ? searchQuery(search) : null;
  return and(
    eq(catalogItems.appId, appId),
    eq(catalogItems.appModuleId, moduleId),
    q ? sql`${catalogItems.search} @@ to_tsquery('simple', ${q})` : undefined,
    category ? eq(catalogItems.category, category) : undefined,
  );
}

/** The module's categories by name with their item counts (at most 100). */
export function moduleCategories(db: Db, appId: number, moduleId: number) {
  return db
    .select({ name: sql<string>`${catalogItems.category}`, count: sql<number>`count(*)`.mapWith(Number) })
    .from(catalogItems)
    .where(and(eq(catalogItems.appId, appId), eq(catalogItems.appModuleId, moduleId), sql`coalesce(${catalogItems.category}, '') <> ''`))
    .groupBy(catalogItems.category)
    .orderBy(asc(catalogItems.category))
    .limit(100);
}

const listRow = {
  id: catalogItems.id,
  appModuleId: catalogItems.appModuleId,
  name: catalogItems.name,
  category: catalogItems.category,
  location: catalogItems.location,
  logoUrl: catalogItems.logoUrl,
  summary: sql<string>`left(${catalogItems.descriptionText}, 200)`,
};
export type CatalogListRow = { [K in keyof typeof listRow]: K extends 'summary' ? string : CatalogItemRow[K & keyof CatalogItemRow] };

/**
 * One page of a module's items by name: an index range of catalog_items_list_idx (app_module_id,
 * name, id) with a limit; a search filters it, or goes through the GIN index on `search`.
 */
export function pageItems(
  db: Db,
  appId: number,
  moduleId: number,
  search: string | null,
  category: string | null,
  limit: number,
  offset: number,
) {
  return db
    .select(listRow)
    .from(catalogItems)
    .where(listWhere(appId, moduleId, search, category))
    .orderBy(asc(catalogItems.name), asc(catalogItems.id))
    .limit(limit)
    .offset(offset);
}

export async function countItems(
  db: Db,
  appId: number,
  moduleId: number,
  search: string | null,
  category: string | null = null,
): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(catalogItems)
    .where(listWhere(appId, moduleId, search, category));
  return r?.n ?? 0;
}

/**
 * An item of the module with the reader's marks (reported, asked to buy within a day): one primary
 * key look-up and two on the marks' keys.
 */
export async function findItem(db: Db, appId: number, moduleId: number, id: number, userId: number) {
  const [r] = await db
    .select({
      item: catalogItems,
      reported: sql<boolean>`exists (select 1 from ${catalogFlags} where ${catalogFlags.itemId} = ${catalogItems.id} and ${catalogFlags.userId} = ${userId})`,
      buyRequested: sql<boolean>`exists (select 1 from ${catalogBuyRequests} where ${catalogBuyRequests.itemId} = ${catalogItems.id} and ${catalogBuyRequests.userId} = ${userId} and ${catalogBuyRequests.sentAt} > now() - interval '1 day')`,
    })
    .from(catalogItems)
    .where(and(eq(catalogItems.appId, appId), eq(catalogItems.appModuleId, moduleId), eq(catalogItems.id, id)));
  return r;
}

/** Reports an item once per member: answers whether a row was added. */
export async function insertFlag(db: Db, appId: number, itemId: number, userId: number): Promise<boolean> {
  const rows = await db.insert(catalogFlags).values({ appId, itemId, userId }).onConflictDoNothing().returning({ id: catalogFlags.itemId });
  return rows.length > 0;
}

/** Who is asking to buy: name and address for the contact's mail. */
export interface Buyer {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * What a want-to-buy request may do: `claimed` (send the mail), `already_sent` (one went to this item
 * within a day), `daily_cap` (the member asked about `perDay` other items within a day), `no_member`.
 */
export type BuyClaim = { kind: 'claimed'; member: Buyer } | { kind: 'already_sent' } | { kind: 'daily_cap' } | { kind: 'no_member' };

/**
 * Claims the member's want-to-buy mail of an item: inserts the row, or moves its `sent_at` to now when
 * the last mail is older than a day. One transaction holding the member's row (`for no key update`),
 * so a member's claims run one after another: the daily cap (rows of other items sent within a day,
 * by catalog_buy_requests_user_idx) cannot be passed by requests sent at once, and two requests for
 * one item claim once (the upsert's own row lock would as well).
 */
export function claimBuyRequest(db: Db, appId: number, itemId: number, userId: number, perDay: number): Promise<BuyClaim> {
  return db.transaction(async (tx): Promise<BuyClaim> => {
    const [member] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(and(eq(users.appId, appId), eq(users.id, userId)))
      .for('no key update');
    if (!member) return { kind: 'no_member' };
    const [fresh] = await tx
      .select({
        mine: sql<boolean>`coalesce(bool_or(${catalogBuyRequests.itemId} = ${itemId}), false)`,
        others: sql<number>`count(*) filter (where ${catalogBuyRequests.itemId} <> ${itemId})`.mapWith(Number),
      })
      .from(catalogBuyRequests)
      .where(and(eq(catalogBuyRequests.userId, userId), sql`${catalogBuyRequests.sentAt} > now() - interval '1 day'`));
    if (fresh?.mine) return { kind: 'already_sent' };
    if ((fresh?.others ?? 0) >= perDay) return { kind: 'daily_cap' };
    const [row] = await tx
      .insert(catalogBuyRequests)
      .values({ appId, itemId, userId })
      .onConflictDoUpdate({
        target: [catalogBuyRequests.itemId, catalogBuyRequests.userId],
        set: { sentAt: sql`now()` },
        setWhere: sql`${catalogBuyRequests.sentAt} <= now() - interval '1 day'`,
      })
      .returning({ sentAt: catalogBuyRequests.sentAt });
    return row ? { kind: 'claimed', member } : { kind: 'already_sent' };
  });
}

/** Gives a claim back (its mail could not be sent): the member may ask again at once. */
export async function releaseBuyRequest(db: Db, itemId: number, userId: number): Promise<void> {
  await db.delete(catalogBuyRequests).where(and(eq(catalogBuyRequests.itemId, itemId), eq(catalogBuyRequests.userId, userId)));
}

export async function insertItems(db: Db, values: NewCatalogItem[]) {
  if (values.length === 0) return [];
  return db.insert(catalogItems).values(values).returning({ id: catalogItems.id });
}
