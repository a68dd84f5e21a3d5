import { and, asc, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { uploads } from '../../content/content.table.ts';
import { resourceItems } from '../../resources/resources.table.ts';

/** Items a module holds at most in one read (as the attendee module's cache). */
export const MODULE_ITEMS_MAX = 5_000;

const columns = {
  item: resourceItems,
  fileName: uploads.name,
  fileMime: uploads.mime,
  fileSize: uploads.size,
};

/** The members' order within a folder: position, then newest first. */
const order = [asc(resourceItems.position), desc(resourceItems.createdAt), desc(resourceItems.id)];

const inModule = (appId: number, moduleId: number): SQL | undefined =>
  and(eq(resourceItems.appId, appId), eq(resourceItems.appModuleId, moduleId));

/** Every item of a module with its stored file, in the members' order (one range of resource_items_folder_idx). */
export function moduleRows(db: Db, appId: number, moduleId: number) {
  return db
    .select(columns)
    .from(resourceItems)
    .leftJoin(uploads, eq(uploads.id, resourceItems.uploadId))
    .where(inModule(appId, moduleId))
    .orderBy(...order)
    .limit(MODULE_ITEMS_MAX);
}
export type ConsoleResourceRow = Awaited<ReturnType<typeof moduleRows>>[number];

export async function oneRow(db: Db, appId: number, moduleId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(resourceItems)
    .leftJoin(uploads, eq(uploads.id, resourceItems.uploadId))
    .where(and(inModule(appId, moduleId), eq(resourceItems.id, id)));
  return row;
}

/** The items of one folder (null: the root) in the members' order, locked for a move. */
export function siblingsForUpdate(tx: Db, appId: number, moduleId: number, folderId: number | null) {
  return tx
    .select({ id: resourceItems.id, position: resourceItems.position })
    .from(resourceItems)
    .where(and(inModule(appId, moduleId), folderId === null ? isNull(resourceItems.folderId) : eq(resourceItems.folderId, folderId)))
    .orderBy(...order)
    .limit(MODULE_ITEMS_MAX)
    .for('update');
}

export async function setPosition(tx: Db, id: number, position: number) {
  await tx.update(resourceItems).set({ position }).where(eq(resourceItems.id, id));
}
