import type { ConsoleResourceCreate, ConsoleResourceItem, ConsoleResourceUpdate } from '@app/contract/schemas/console-resources';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../../context.ts';
import { fieldError, notFound } from '../../../lib/errors.ts';
import { requireModule } from '../../../platform/require-module.ts';
import type { AppRow } from '../../apps/apps.queries.ts';
import { removeFiles } from '../../content/content.uploads.ts';
import { deleteItem, holdUpload, insertItem, lockItem, type ResourceRow } from '../../resources/resources.queries.ts';
import { announceResource, dropModule } from '../../resources/resources.service.ts';
import { resourceItems } from '../../resources/resources.table.ts';
import { audit, changedOnly } from '../console.audit.ts';
import { type ConsoleActor, requireConsoleApp } from '../console.policy.ts';
import * as q from './resources.queries.ts';

const err = (k: string) => `console-resources.errors.${k}`;

/** The app (owners and operators) and its resources module: another app's ids are a 404. */
export async function requireArea(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number) {
  const app = await requireConsoleApp(ctx, actor, appId, 'owner');
  const mod = await requireModule(ctx, { tenant: app }, 'resources', moduleId);
  return { app, mod };
}

function toApi(r: q.ConsoleResourceRow): ConsoleResourceItem {
  const it = r.item;
  return {
    id: it.id,
    app_module_id: it.appModuleId,
    folder_id: it.folderId,
    type: it.type,
    title: it.title,
    description: it.description,
    url: it.type === 'link' ? it.url : null,
    file:
      r.fileName !== null && r.fileMime !== null && r.fileSize !== null ? { name: r.fileName, mime: r.fileMime, size: r.fileSize } : null,
    active: it.active,
    position: it.position,
    created_at: it.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an item. */
const snapshot = (r: ResourceRow) => ({
  type: r.type,
  title: r.title,
  description: r.description,
  url: r.url,
  folder_id: r.folderId,
  active: r.active,
  position: r.position,
});

/** After a change: the attendee module's cached rows go on every node, and its open screens hear of it. */
async function changed(ctx: Ctx, app: AppRow, moduleId: number, rows: ResourceRow[], deleted = false) {
  dropModule(ctx, moduleId);
  for (const row of rows) await announceResource(ctx, { tenant: app }, moduleId, row, deleted);
}

export async function listItems(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number): Promise<ConsoleResourceItem[]> {
  const { app, mod } = await requireArea(ctx, actor, appId, moduleId);
  return (await q.moduleRows(ctx.db, app.id, mod.id)).map(toApi);
}

async function answer(ctx: Ctx, appId: number, moduleId: number, id: number): Promise<ConsoleResourceItem> {
  const row = await q.oneRow(ctx.db, appId, moduleId, id);
  if (!row) throw notFound();
  return toApi(row);
}

/**
 * Adds a folder (at the root), a link, or an upload of the caller's (this area's upload call) as a
 * file or image, at the root or in a folder of the module. Position 0: with "then newest", first.
 */
export async function createItem(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  input: ConsoleResourceCreate,
): Promise<ConsoleResourceItem> {
  const { app, mod } = await requireArea(ctx, actor, appId, moduleId);
  const base = { appId: app.id, appModuleId: mod.id, userId: actor.userId, description: input.description };
  const row = await ctx.db.transaction(async (tx) => {
    let made: ResourceRow;
    if (input.type === 'folder') made = await insertItem(tx, { ...base, type: 'folder', title: input.title });
    else {
      let folderId: number | null = null;
      if (input.folder_id !== null && input.folder_id !== undefined) {
        const folder = await lockItem(tx, app.id, mod.id, input.folder_id);
        if (folder?.type !== 'folder') throw fieldError('folder_id', 'resources.errors.folderGone');
        folderId = folder.id;
      }
      if (input.type === 'link') {
        made = await insertItem(tx, { ...base, folderId, type: 'link', title: input.title, url: new URL(input.url).href });
      } else {
        const upload = await holdUpload(tx, app.id, actor.userId, input.upload_id);
        if (!upload) throw fieldError('upload_id', 'resources.errors.uploadGone');
        const type = upload.mime.startsWith('image/') ? 'image' : 'file';
        made = await insertItem(tx, { ...base, folderId, type, title: input.title?.trim() || upload.name, uploadId: input.upload_id });
      }
    }
    await audit(tx, actor, { appId: app.id, action: 'resource.create', targetType: 'resource', targetId: made.id, after: snapshot(made) });
    return made;
  });
  await changed(ctx, app, mod.id, [row]);
  return answer(ctx, app.id, mod.id, row.id);
}

/** Changes the title, the description, a link's address, or hides or shows an item. */
export async function updateItem(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  id: number,
  input: ConsoleResourceUpdate,
): Promise<ConsoleResourceItem> {
  const { app, mod } = await requireArea(ctx, actor, appId, moduleId);
  const row = await ctx.db.transaction(async (tx) => {
    const before = await lockItem(tx, app.id, mod.id, id);
    if (!before) throw notFound();
    if (input.url !== undefined && before.type !== 'link') throw fieldError('url', err('notLink'));
    const set = {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.url !== undefined ? { url: new URL(input.url).href } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    };
    if (!Object.keys(set).length) return before;
    const [after] = await tx
      .update(resourceItems)
      .set({ ...set, updatedAt: sql`now()` })
      .where(sql`${resourceItems.id} = ${id}`)
      .returning();
    if (!after) throw notFound();
    await audit(tx, actor, {
      appId: app.id,
      action: 'resource.update',
      targetType: 'resource',
      targetId: id,
      ...changedOnly(snapshot(before), snapshot(after)),
    });
    return after;
  });
  await changed(ctx, app, mod.id, [row]);
  return answer(ctx, app.id, mod.id, id);
}

/**
 * Moves an item one place up or down within its folder: the folder's items are numbered again in
 * their order (0, 1, …) with the two swapped, in one transaction holding their rows. The first item
 * up or the last down stays where it is. Answers the folder's items in their new order.
 */
export async function moveItem(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  id: number,
  direction: 'up' | 'down',
): Promise<ConsoleResourceItem[]> {
  const { app, mod } = await requireArea(ctx, actor, appId, moduleId);
  const moved = await ctx.db.transaction(async (tx) => {
    const item = await lockItem(tx, app.id, mod.id, id);
    if (!item) throw notFound();
    const siblings = await q.siblingsForUpdate(tx, app.id, mod.id, item.folderId);
    const at = siblings.findIndex((s) => s.id === id);
    const to = direction === 'up' ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= siblings.length) return { folderId: item.folderId, rows: [] as ResourceRow[] };
    const ids = siblings.map((s) => s.id);
    [ids[at], ids[to]] = [ids[to] as number, ids[at] as number];
    for (const [i, sid] of ids.entries()) if (siblings.find((s) => s.id === sid)?.position !== i) await q.setPosition(tx, sid, i);
    await audit(tx, actor, {
      appId: app.id,
      action: 'resource.move',
      targetType: 'resource',
      targetId: id,
      before: { index: at },
      after: { index: to },
    });
    const rows: ResourceRow[] = [];
    for (const sid of [id, ids[at] as number]) {
      const r = await lockItem(tx, app.id, mod.id, sid);
      if (r) rows.push(r);
    }
    return { folderId: item.folderId, rows };
  });
  if (moved.rows.length) await changed(ctx, app, mod.id, moved.rows);
  const all = await q.moduleRows(ctx.db, app.id, mod.id);
  return all.filter((r) => r.item.folderId === moved.folderId).map(toApi);
}

/** Deletes an item, a folder with everything in it, in one transaction; the stored files go after the commit. */
export async function removeItem(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number, id: number) {
  const { app, mod } = await requireArea(ctx, actor, appId, moduleId);
  const { gone, files } = await ctx.db.transaction(async (tx) => {
    const locked = await lockItem(tx, app.id, mod.id, id);
    if (!locked) throw notFound();
    const out = { gone: locked, files: await deleteItem(tx, id) };
    await audit(tx, actor, { appId: app.id, action: 'resource.delete', targetType: 'resource', targetId: id, before: snapshot(locked) });
    return out;
  });
  await removeFiles(ctx, files);
  await changed(ctx, app, mod.id, [gone], true);
  return { success: true as const };
}
