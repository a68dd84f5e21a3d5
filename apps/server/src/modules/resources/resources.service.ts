import type { ResourceCreate, ResourceItem, ResourceUpdate } from '@app/contract/schemas/resources';
import type { FastifyReply } from 'fastify';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { offsetOf, type Page } from '../../lib/pagination.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { defineCache } from '../../platform/caches.ts';
import { requireModule } from '../../platform/require-module.ts';
import type { Scope } from '../../platform/scope.ts';
import { cached } from '../content/content.caches.ts';
import { removeFiles, sendUpload } from '../content/content.uploads.ts';
import { placeRows, visibleRows } from './resources.cut.ts';
import { isOwner, mayCreateFolder, type Viewer } from './resources.policy.ts';
import {
  adminIds,
  deleteItem,
  findItem,
  holdUpload,
  insertItem,
  lockItem,
  moduleItems,
  type ResourceListRow,
  type ResourceRow,
  updateItem,
  uploadOf,
} from './resources.queries.ts';

/** Every resources call starts here: the module of the caller's app (404 another app's, 406 a removed one). */
export const requireResources = (ctx: Ctx, scope: Scope, moduleId: number) => requireModule(ctx, scope, 'resources', moduleId);

/** The room of a module's open screens (module ids are unique across apps; joining checks the app). */
export const watchRoom = (moduleId: number) => `resources:${moduleId}`;

/**
 * A module's rows (every item, with its folder's title, who added it and its file) and an app's
 * owners, cached 30 s and dropped on every node after any change in the module: a list or an item
 * is then cut in memory per reader, with no query (docs/decisions.md "Resources").
 */
const moduleRows = defineCache('resources-rows', () => new TtlCache<ResourceListRow[]>(30_000, 2_000));
const appAdmins = defineCache('resources-admins', () => new TtlCache<number[]>(30_000, 2_000));
/** Items a module holds at most in the cache's one read (a bound: far above a real event's resources). */
const MODULE_ITEMS_MAX = 5_000;

const rowsOf = (ctx: Ctx, appId: number, moduleId: number) =>
  cached(ctx, moduleRows, `${moduleId}:`, () => moduleItems(ctx.db, appId, moduleId, MODULE_ITEMS_MAX));

export function dropModule(ctx: Ctx, moduleId: number) {
  ctx.bus.publish({ t: 'cache', name: moduleRows.name, prefix: `${moduleId}:` });
}

async function viewerOf(ctx: Ctx, scope: Scope): Promise<Viewer> {
  const admins = await cached(ctx, appAdmins, `${scope.tenant.id}:`, () => adminIds(ctx.db, scope.tenant.id));
  return { id: scope.user.id, isAdmin: admins.includes(scope.user.id) };
}

function toItem(r: Omit<ResourceListRow, 'total'>, v: Viewer, counts?: Map<number, number>): ResourceItem {
  const it = r.item;
  return {
    id: it.id,
    app_module_id: it.appModuleId,
    folder_id: it.folderId,
    folder_title: r.folderTitle,
    type: it.type,
    title: it.title,
    description: it.description,
    position: it.position,
    url: it.type === 'link' ? it.url : null,
    file:
      r.fileName !== null && r.fileMime !== null && r.fileSize !== null
        ? { name: r.fileName, mime: r.fileMime, size: r.fileSize, width: r.fileWidth, height: r.fileHeight }
        : null,
    files_count: it.type === 'folder' ? (counts ? (counts.get(it.id) ?? 0) : (r.filesCount ?? 0)) : null,
    active: it.active,
    can_manage: isOwner(v, it),
    uploaded_by: `${r.firstName} ${r.lastName}`.trim(),
    uploaded_at: it.createdAt.toISOString(),
    updated_at: it.updatedAt.toISOString(),
  };
}

export async function listItems(
  ctx: Ctx,
  scope: Scope,
  moduleId: number,
  query: { folder_id?: number | undefined; search?: string | undefined },
  page: Page,
) {
  const mod = await requireResources(ctx, scope, moduleId);
  const [v, all] = await Promise.all([viewerOf(ctx, scope), rowsOf(ctx, scope.tenant.id, mod.id)]);
  const cut = visibleRows(all, v);
  const search = query.search?.trim() || null;
  let folderId: number | null = null;
  if (!search && query.folder_id !== undefined) {
    const f = cut.rows.find((r) => r.item.id === query.folder_id);
    if (f?.item.type !== 'folder') throw notFound();
    folderId = f.item.id;
  }
  const rows = placeRows(cut, { folderId, search });
  const start = offsetOf(page);
  return { items: rows.slice(start, start + page.perPage).map((r) => toItem(r, v, cut.counts)), total: rows.length };
}

async function loadItem(ctx: Ctx, scope: Scope, moduleId: number, id: number) {
  const mod = await requireResources(ctx, scope, moduleId);
  const v = await viewerOf(ctx, scope);
  const row = await findItem(ctx.db, scope.tenant.id, mod.id, id, v);
  if (!row) throw notFound();
  return { mod, v, row };
}

/** One item as the reader sees it, cut from the cached rows. */
export async function getItem(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<ResourceItem> {
  const mod = await requireResources(ctx, scope, moduleId);
  const [v, all] = await Promise.all([viewerOf(ctx, scope), rowsOf(ctx, scope.tenant.id, mod.id)]);
  const cut = visibleRows(all, v);
  const row = cut.rows.find((r) => r.item.id === id);
  if (!row) throw notFound();
  return toItem(row, v, cut.counts);
}

/**
 * Tells the module's open screens: the item as a member who does not own it sees it (none when it
 * is hidden, in a hidden folder or deleted), and its owners (the one who added it, the app's
 * owners) their own view, through their user rooms.
 */
async function announce(ctx: Ctx, scope: Pick<Scope, 'tenant'>, moduleId: number, item: ResourceRow, deleted: boolean) {
  if (!ctx.io) return;
  const owners = [...new Set([item.userId, ...(await adminIds(ctx.db, scope.tenant.id))])];
  const ownerRooms = owners.map((id) => `user:${id}`);
  const base = { app_module_id: moduleId, id: item.id, folder_id: item.folderId };
  const member: Viewer = { id: 0, isAdmin: false };
  const seen = deleted ? undefined : await findItem(ctx.db, scope.tenant.id, moduleId, item.id, member);
  ctx.io
    .to(watchRoom(moduleId))
    .except(ownerRooms)
    .emit('resourceChanged', { ...base, item: seen ? toItem(seen, member) : null, hidden: !deleted && !seen });
  const own = deleted ? undefined : await findItem(ctx.db, scope.tenant.id, moduleId, item.id, { id: item.userId, isAdmin: true });
  ctx.io
    .to(ownerRooms)
    .emit('resourceChanged', { ...base, item: own ? { ...toItem(own, member), can_manage: true } : null, hidden: false });
}

/** The console's changes reach the module's open screens as the members' own do (console/resources). */
export const announceResource = announce;

/** A folder of the module the caller sees, locked so that it cannot go while an item is put in it; 422 otherwise. */
async function folderFor(tx: Db, scope: Scope, moduleId: number, v: Viewer, folderId: number | null | undefined) {
  if (folderId === null || folderId === undefined) return null;
  const seen = await findItem(tx, scope.tenant.id, moduleId, folderId, v);
  const row = seen && seen.item.type === 'folder' ? await lockItem(tx, scope.tenant.id, moduleId, folderId) : undefined;
  if (!row) throw fieldError('folder_id', 'resources.errors.folderGone');
  return row.id;
}

/**
 * Adds a folder (the app's owner), a link, or an uploaded file or image (any member), at the root
 * or into a folder the caller sees. The upload must be the caller's own and attached to nothing.
 */
export async function createItem(ctx: Ctx, scope: Scope, moduleId: number, input: ResourceCreate): Promise<ResourceItem> {
  const mod = await requireResources(ctx, scope, moduleId);
  const v = await viewerOf(ctx, scope);
  if (input.type === 'folder' && !mayCreateFolder(v)) throw forbidden();
  const base = { appId: scope.tenant.id, appModuleId: mod.id, userId: v.id };
  const row = await ctx.db.transaction(async (tx) => {
    if (input.type === 'folder') return insertItem(tx, { ...base, type: 'folder', title: input.title });
    const folderId = await folderFor(tx, scope, mod.id, v, input.folder_id);
    if (input.type === 'link') return insertItem(tx, { ...base, folderId, type: 'link', title: input.title, url: new URL(input.url).href });
    const upload = await holdUpload(tx, scope.tenant.id, v.id, input.upload_id);
    if (!upload) throw fieldError('upload_id', 'resources.errors.uploadGone');
    const title = input.title?.trim() || upload.name;
    const type = upload.mime.startsWith('image/') ? 'image' : 'file';
    return insertItem(tx, { ...base, folderId, type, title, uploadId: input.upload_id });
  });
  dropModule(ctx, mod.id);
  await announce(ctx, scope, mod.id, row, false);
  return getItem(ctx, scope, mod.id, row.id);
}

/** Renames, hides or shows an item: its owners only (403 for another member who sees it, 404 for one who does not). */
export async function changeItem(ctx: Ctx, scope: Scope, moduleId: number, id: number, input: ResourceUpdate): Promise<ResourceItem> {
  const { mod, v, row } = await loadItem(ctx, scope, moduleId, id);
  if (!isOwner(v, row.item)) throw forbidden();
  const set = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
  const changed = await ctx.db.transaction(async (tx) => {
    const locked = await lockItem(tx, scope.tenant.id, mod.id, id);
    if (!locked) throw notFound();
    if (Object.keys(set).length) await updateItem(tx, id, set);
    return locked;
  });
  dropModule(ctx, mod.id);
  await announce(ctx, scope, mod.id, changed, false);
  return getItem(ctx, scope, mod.id, id);
}

/** Deletes an item, a folder with everything in it, in one transaction; the files go after the commit. */
export async function removeItem(ctx: Ctx, scope: Scope, moduleId: number, id: number) {
  const { mod, v, row } = await loadItem(ctx, scope, moduleId, id);
  if (!isOwner(v, row.item)) throw forbidden();
  const { gone, files } = await ctx.db.transaction(async (tx) => {
    const locked = await lockItem(tx, scope.tenant.id, mod.id, id);
    if (!locked) throw notFound();
    return { gone: locked, files: await deleteItem(tx, id) };
  });
  dropModule(ctx, mod.id);
  await removeFiles(ctx, files);
  await announce(ctx, scope, mod.id, gone, true);
  return { success: true as const };
}

/**
 * The bytes of a file or image the caller sees, to members of the app only (the access token):
 * a hidden item's file is a 404 for anyone but its owners. `inline` shows an image in the page.
 */
export async function sendItemFile(ctx: Ctx, scope: Scope, moduleId: number, id: number, inline: boolean, reply: FastifyReply) {
  const { row } = await loadItem(ctx, scope, moduleId, id);
  const upload = row.item.uploadId === null ? undefined : await uploadOf(ctx.db, row.item.uploadId);
  if (!upload) throw notFound();
  return sendUpload(ctx, reply, upload, { inlineImage: inline, cache: 'private, no-store' });
}
