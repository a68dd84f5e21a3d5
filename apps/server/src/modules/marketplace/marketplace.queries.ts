import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchQuery } from '../content/content.queries.ts';
import { uploads } from '../content/content.table.ts';
import { users } from '../users/users.table.ts';
import { type ListingPhoto, marketplaceFlags, marketplaceItems } from './marketplace.table.ts';

export type ListingRow = typeof marketplaceItems.$inferSelect;
export type NewListing = typeof marketplaceItems.$inferInsert;

function listWhere(appId: number, moduleId: number, search: string | null): SQL | undefined {
  const q = search ? searchQuery(search) : null;
  return and(
    eq(marketplaceItems.appId, appId),
    eq(marketplaceItems.appModuleId, moduleId),
    q ? sql`${marketplaceItems.search} @@ to_tsquery('simple', ${q})` : undefined,
  );
}

const sellerCols = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarUrl: users.avatarUrl,
  deletedAt: users.deletedAt,
};

const listCols = {
  id: marketplaceItems.id,
  appModuleId: marketplaceItems.appModuleId,
  title: marketplaceItems.title,
  priceCents: marketplaceItems.priceCents,
  photos: marketplaceItems.photos,
  summary: sql<string>`left(${marketplaceItems.descriptionText}, 200)`,
  createdAt: marketplaceItems.createdAt,
  hiddenAt: marketplaceItems.hiddenAt,
  seller: sellerCols,
};
export type ListingListRow = {
  id: number;
  appModuleId: number;
  title: string;
  priceCents: number | null;
  photos: ListingPhoto[];
  summary: string;
  createdAt: Date;
  hiddenAt: Date | null;
  seller: { id: number; firstName: string; lastName: string; avatarUrl: string | null; deletedAt: Date | null };
};

/**
 * One page of a module's listings, newest first: an index range of marketplace_items_list_idx
 * (app_module_id, created_at desc, id desc) with a limit, the seller by primary key; a search
 * filters it, or goes through the GIN index on `search`.
 */
export function pageListings(db: Db, appId: number, moduleId: number, search: string | null, limit: number, offset: number) {
  return db
    .select(listCols)
    .from(marketplaceItems)
    .innerJoin(users, eq(users.id, marketplaceItems.userId))
    .where(listWhere(appId, moduleId, search))
    .orderBy(desc(marketplaceItems.createdAt), desc(marketplaceItems.id))
    .limit(limit)
    .offset(offset) as Promise<ListingListRow[]>;
}

export async function countListings(db: Db, appId: number, moduleId: number, search: string | null): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(marketplaceItems)
    .where(listWhere(appId, moduleId, search));
  return r?.n ?? 0;
}

/** A listing of the module with its seller and whether the reader reported it: primary-key look-ups. */
export async function findListing(db: Db, appId: number, moduleId: number, id: number, readerId: number) {
  const [r] = await db
    .select({
      item: marketplaceItems,
      seller: sellerCols,
      reported: sql<boolean>`exists (select 1 from ${marketplaceFlags} where ${marketplaceFlags.itemId} = ${marketplaceItems.id} and ${marketplaceFlags.userId} = ${readerId})`,
    })
    .from(marketplaceItems)
    .innerJoin(users, eq(users.id, marketplaceItems.userId))
    .where(and(eq(marketplaceItems.appId, appId), eq(marketplaceItems.appModuleId, moduleId), eq(marketplaceItems.id, id)));
  return r;
}

/** The upload rows of photos, for their signed URLs and names. */
export function photoRows(db: Db, ids: number[]) {
  return ids.length ? db.select().from(uploads).where(inArray(uploads.id, ids)) : Promise.resolve([]);
}

/** Inside a write: the listing's row, locked, if it is of this app and module. */
export async function lockListing(tx: Db, appId: number, moduleId: number, id: number) {
  const [row] = await tx
    .select()
    .from(marketplaceItems)
    .where(and(eq(marketplaceItems.appId, appId), eq(marketplaceItems.appModuleId, moduleId), eq(marketplaceItems.id, id)))
    .for('update');
  return row;
}

/**
 * Inside a write: claims the seller's uploads for a listing (their own, of this app, images, in no
 * post and not held by anything else, or already this listing's: `keep`). Answers the photos in the
 * order asked, or undefined when one is not claimable (the caller answers 422).
 */
export async function claimPhotos(
  tx: Db,
  appId: number,
  userId: number,
  ids: number[],
  keep: number[],
): Promise<ListingPhoto[] | undefined> {
  if (ids.length === 0) return [];
  const fresh = ids.filter((i) => !keep.includes(i));
  const claimed = fresh.length
    ? await tx
        .update(uploads)
        .set({ held: true })
        .where(
          and(
            inArray(uploads.id, fresh),
            eq(uploads.appId, appId),
            eq(uploads.userId, userId),
            isNull(uploads.postId),
            eq(uploads.held, false),
            sql`${uploads.mime} like 'image/%'`,
          ),
        )
        .returning({ id: uploads.id, width: uploads.width, height: uploads.height })
    : [];
  if (claimed.length !== fresh.length) return undefined;
  const kept =
    ids.length > fresh.length
      ? await tx
          .select({ id: uploads.id, width: uploads.width, height: uploads.height })
          .from(uploads)
          .where(
            inArray(
              uploads.id,
              ids.filter((i) => keep.includes(i)),
            ),
          )
      : [];
  const all = [...claimed, ...kept];
  return ids.map((i) => all.find((p) => p.id === i)).filter((p): p is ListingPhoto => p !== undefined);
}

/** Inside a write: deletes held photo uploads a listing no longer has; answers their files, removed after the commit. */
export async function dropPhotos(tx: Db, appId: number, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const removed = await tx
    .delete(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.appId, appId), eq(uploads.held, true), isNull(uploads.postId)))
    .returning({ path: uploads.path });
  return removed.map((r) => r.path);
}

/** Reports a listing once per member: answers whether a row was added. */
export async function insertFlag(db: Db, appId: number, itemId: number, userId: number): Promise<boolean> {
  const rows = await db
    .insert(marketplaceFlags)
    .values({ appId, itemId, userId })
    .onConflictDoNothing()
    .returning({ id: marketplaceFlags.itemId });
  return rows.length > 0;
}

/** Inside a write: a new listing; answers its id. */
export async function insertListing(tx: Db, values: NewListing): Promise<number> {
  const [row] = await tx.insert(marketplaceItems).values(values).returning({ id: marketplaceItems.id });
  if (!row) throw new Error('insert marketplace_items returned nothing');
  return row.id;
}

export async function updateListingRow(
  tx: Db,
  id: number,
  values: Pick<NewListing, 'title' | 'priceCents' | 'descriptionHtml' | 'descriptionText' | 'photos'>,
) {
  await tx
    .update(marketplaceItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(marketplaceItems.id, id));
}

export async function deleteListingRow(tx: Db, id: number) {
  await tx.delete(marketplaceItems).where(eq(marketplaceItems.id, id));
}

/** An upload of the caller not held by anything (a file that is not a photo, refused at once): answers its file. */
export async function dropFreeUpload(db: Db, appId: number, userId: number, id: number): Promise<string[]> {
  const removed = await db
    .delete(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.appId, appId), eq(uploads.userId, userId), eq(uploads.held, false), isNull(uploads.postId)))
    .returning({ path: uploads.path });
  return removed.map((r) => r.path);
}

export async function insertListings(db: Db, values: NewListing[]) {
  if (values.length === 0) return [];
  return db.insert(marketplaceItems).values(values).returning({ id: marketplaceItems.id });
}

/** Hides a listing (moderation) or shows it again. */
export async function setHiddenRow(db: Db, appId: number, id: number, hidden: boolean) {
  await db
    .update(marketplaceItems)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(and(eq(marketplaceItems.appId, appId), eq(marketplaceItems.id, id)));
}
