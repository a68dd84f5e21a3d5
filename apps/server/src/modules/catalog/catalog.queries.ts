import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { catalogBuyRequests, catalogFlags, catalogItems } from './catalog.table.ts';

export type CatalogItemRow = typeof catalogItems.$inferSelect;
export type NewCatalogItem = typeof catalogItems.$inferInsert;

/**
 * A search string as a tsquery of its words, each a prefix (`nord` finds "Nordlight"), all required.
 * Words are the letters and digits of any script; everything else separates them, so no input can
 * be tsquery syntax. At most 8 words.
 */
export function searchQuery(search: string): string | null {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

function listWhere(appId: number, moduleId: number, search: string | null): SQL | undefined {
  const q = search ? searchQuery(search) : null;
  return and(
    eq(catalogItems.appId, appId),
    eq(catalogItems.appModuleId, moduleId),
    q ? sql`${catalogItems.search} @@ to_tsquery('simple', ${q})` : undefined,
  );
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
export function pageItems(db: Db, appId: number, moduleId: number, search: string | null, limit: number, offset: number) {
  return db
    .select(listRow)
    .from(catalogItems)
    .where(listWhere(appId, moduleId, search))
    .orderBy(asc(catalogItems.name), asc(catalogItems.id))
    .limit(limit)
    .offset(offset);
}

export async function countItems(db: Db, appId: number, moduleId: number, search: string | null): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(catalogItems)
    .where(listWhere(appId, moduleId, search));
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

/**
 * Claims the member's want-to-buy mail of an item: inserts the row, or moves its `sent_at` to now when
 * the last mail is older than a day. One statement under the row's lock, so two requests at once
 * claim once. Answers the new `sent_at` when a mail is to be sent, undefined when one went within a day.
 */
export async function claimBuyRequest(db: Db, appId: number, itemId: number, userId: number): Promise<Date | undefined> {
  const [row] = await db
    .insert(catalogBuyRequests)
    .values({ appId, itemId, userId })
    .onConflictDoUpdate({
      target: [catalogBuyRequests.itemId, catalogBuyRequests.userId],
      set: { sentAt: sql`now()` },
      setWhere: sql`${catalogBuyRequests.sentAt} <= now() - interval '1 day'`,
    })
    .returning({ sentAt: catalogBuyRequests.sentAt });
  return row?.sentAt;
}

/** Gives a claim back (its mail could not be sent): the member may ask again at once. */
export async function releaseBuyRequest(db: Db, itemId: number, userId: number): Promise<void> {
  await db.delete(catalogBuyRequests).where(and(eq(catalogBuyRequests.itemId, itemId), eq(catalogBuyRequests.userId, userId)));
}

/** Who is asking to buy: name and address for the contact's mail. */
export async function buyer(db: Db, appId: number, userId: number) {
  const [r] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId)));
  return r;
}

export async function insertItems(db: Db, values: NewCatalogItem[]) {
  if (values.length === 0) return [];
  return db.insert(catalogItems).values(values).returning({ id: catalogItems.id });
}
