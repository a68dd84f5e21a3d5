import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { uploads } from '../content/content.table.ts';
import { users } from '../users/users.table.ts';
import type { Viewer } from './resources.policy.ts';
import { resourceItems } from './resources.table.ts';

export type ResourceRow = typeof resourceItems.$inferSelect;

const folder = alias(resourceItems, 'folder');

/**
 * What the viewer sees: everything for the app's owner; for a member, active items and their own
 * hidden ones, in a folder they see (a hidden folder hides what is in it).
 */
function visible(v: Viewer): SQL | undefined {
  if (v.isAdmin) return undefined;
  return sql`(${resourceItems.active} or ${resourceItems.userId} = ${v.id}) and (${folder.id} is null or ${folder.active} or ${folder.userId} = ${v.id})`;
}

/** The folder's items the viewer sees (a count over resource_items_folder_idx). */
const filesCount = (v: Viewer) =>
  sql<
    number | null
  >`case when ${resourceItems.type} = 'folder' then (select count(*)::int from resource_items child where child.app_module_id = ${resourceItems.appModuleId} and child.folder_id = ${resourceItems.id}${
    v.isAdmin ? sql`` : sql` and (child.active or child.user_id = ${v.id})`
  }) end`;

const listColumns = (v: Viewer) => ({
  item: resourceItems,
  folderTitle: folder.title,
  firstName: users.firstName,
  lastName: users.lastName,
  fileName: uploads.name,
  fileMime: uploads.mime,
  fileSize: uploads.size,
  fileWidth: uploads.width,
  fileHeight: uploads.height,
  filesCount: filesCount(v),
});

function selectItems(db: Db, v: Viewer) {
  return db
    .select({ ...listColumns(v), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(resourceItems)
    .leftJoin(folder, eq(folder.id, resourceItems.folderId))
    .innerJoin(users, eq(users.id, resourceItems.userId))
    .leftJoin(uploads, eq(uploads.id, resourceItems.uploadId));
}

export type ResourceListRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

/** One item the viewer sees, by primary key. */
export async function findItem(db: Db, appId: number, moduleId: number, id: number, v: Viewer) {
  const [row] = await selectItems(db, v).where(
    and(eq(resourceItems.id, id), eq(resourceItems.appId, appId), eq(resourceItems.appModuleId, moduleId), visible(v)),
  );
  return row;
}

/** An item of the module, seen or not, locked for a change. */
export async function lockItem(tx: Db, appId: number, moduleId: number, id: number) {
  const [row] = await tx
    .select()
    .from(resourceItems)
    .where(and(eq(resourceItems.id, id), eq(resourceItems.appId, appId), eq(resourceItems.appModuleId, moduleId)))
    .for('update');
  return row;
}

export async function insertItem(tx: Db, values: typeof resourceItems.$inferInsert) {
  const [row] = await tx.insert(resourceItems).values(values).returning();
  if (!row) throw new Error('insert resource_items returned nothing');
  return row;
}

export async function updateItem(tx: Db, id: number, set: { title?: string; active?: boolean }) {
  await tx
    .update(resourceItems)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(resourceItems.id, id));
}

/**
 * Deletes an item and, for a folder, what it holds (the foreign key's cascade), with the upload
 * rows they held. Answers the stored files to delete once the transaction has committed.
 */
export async function deleteItem(tx: Db, id: number): Promise<string[]> {
  const held = await tx
    .select({ uploadId: resourceItems.uploadId })
    .from(resourceItems)
    .where(sql`(${resourceItems.id} = ${id} or ${resourceItems.folderId} = ${id}) and ${resourceItems.uploadId} is not null`);
  await tx.delete(resourceItems).where(eq(resourceItems.id, id));
  const ids = held.map((h) => h.uploadId).filter((x): x is number => x !== null);
  if (ids.length === 0) return [];
  const removed = await tx.delete(uploads).where(inArray(uploads.id, ids)).returning({ path: uploads.path });
  return removed.map((r) => r.path);
}

/**
 * Claims an upload of the caller for an item: theirs, of this app, attached to nothing (no post,
 * not held). Marks it held, so the orphan sweep leaves it. Answers its mime, or undefined.
 */
export async function holdUpload(tx: Db, appId: number, userId: number, uploadId: number) {
  const [row] = await tx
    .update(uploads)
    .set({ held: true })
    .where(
      and(eq(uploads.id, uploadId), eq(uploads.appId, appId), eq(uploads.userId, userId), eq(uploads.held, false), isNull(uploads.postId)),
    )
    .returning({ mime: uploads.mime, name: uploads.name });
  return row;
}

/** The stored file of an item's upload. */
export async function uploadOf(db: Db, uploadId: number) {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
  return row;
}

/** The ids of the app's owners (admins): with the one who added an item, its owners. */
export async function adminIds(db: Db, appId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.isAdmin, true)));
  return rows.map((r) => r.id);
}

/** Every item of a module, as the app's owner sees it (files counted in memory per reader): the cached rows. */
export function moduleItems(db: Db, appId: number, moduleId: number, limit: number) {
  return selectItems(db, { id: 0, isAdmin: true })
    .where(and(eq(resourceItems.appId, appId), eq(resourceItems.appModuleId, moduleId)))
    .orderBy(resourceItems.id)
    .limit(limit);
}
