import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Ctx, Io } from '../context.ts';
import { type Db, queryRows } from '../db/client.ts';
import { batchPerDatabase } from '../lib/write-batch.ts';
import { menuChanged } from '../modules/apps/apps.service.ts';
import { findBubbles } from '../modules/users/users.queries.ts';
import { bubbles } from '../modules/users/users.table.ts';

/** Above this many users a write drops the app's cached menus at once rather than one by one. */
const PER_USER_DROPS = 20;

/** Sends each user their current items of one module (spec 1 §7 showBubble). */
async function emitModuleBubbles(ctx: Ctx, appId: number, moduleId: number, userIds: readonly number[]) {
  if (!ctx.io || userIds.length === 0) return;
  const mod = await ctx.apps.module(appId, moduleId);
  if (!mod) return;
  const rows = await ctx.db
    .select({ userId: bubbles.userId, items: sql<number[]>`array_agg(${bubbles.itemId} order by ${bubbles.createdAt} desc)` })
    .from(bubbles)
    .where(and(eq(bubbles.appModuleId, moduleId), inArray(bubbles.userId, [...userIds])))
    .groupBy(bubbles.userId);
  const byUser = new Map(rows.map((r) => [r.userId, r.items]));
  for (const userId of userIds) {
    ctx.io.to(`user:${userId}`).emit('showBubble', { module: { type: mod.type, app_module_id: mod.id }, items: byUser.get(userId) ?? [] });
  }
}

function menusChanged(ctx: Ctx, appId: number, userIds: readonly number[]) {
  if (userIds.length > PER_USER_DROPS) menuChanged(ctx, appId);
  else for (const id of userIds) menuChanged(ctx, appId, id);
}

type BubbleKey = { userId: number; appModuleId: number; itemId: number };

/** Inserts the bubbles of several writes in one statement (a busy chat); answers, per write, the users whose bubble is new. */
const insertBubbles = batchPerDatabase(async (db: Db, writes: BubbleKey[][]) => {
  const rows = writes.flat();
  // One JSON parameter rather than three per row: building a statement of thousands of parameters
  // cost more than running it (a busy chat writes a bubble per member per message).
  const json = JSON.stringify(rows.map((b) => ({ user_id: b.userId, app_module_id: b.appModuleId, item_id: b.itemId })));
  const added =
    rows.length === 0
      ? []
      : (
          await queryRows<{ user_id: number; app_module_id: number; item_id: number }>(
            db,
            sql`insert into ${bubbles} (user_id, app_module_id, item_id)
                select r.user_id, r.app_module_id, r.item_id
                from jsonb_to_recordset(${json}::jsonb) as r(user_id int, app_module_id int, item_id int)
                on conflict do nothing
                returning user_id, app_module_id, item_id`,
          )
        ).map((r) => ({ userId: r.user_id, appModuleId: r.app_module_id, itemId: r.item_id }));
  const key = (b: BubbleKey) => `${b.userId}:${b.appModuleId}:${b.itemId}`;
  const fresh = new Set(added.map(key));
  return writes.map((w) => w.filter((b) => fresh.delete(key(b))).map((b) => b.userId));
});

/**
 * Marks `itemId` of a module unread for these users of the caller's app (a new post, a
 * message): writes the bubbles and, for the users who did not have it yet, sends the module's
 * items on their sockets and drops their cached menus on every node. The user ids must already
 * be checked to belong to the app.
 */
export async function addBubbles(ctx: Ctx, appId: number, moduleId: number, itemId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  const fresh = await insertBubbles(
    ctx.db,
    [...new Set(userIds)].map((userId) => ({ userId, appModuleId: moduleId, itemId })),
  );
  if (fresh.length === 0) return;
  menusChanged(ctx, appId, fresh);
  await emitModuleBubbles(ctx, appId, moduleId, fresh);
}

/** Marks items of a module read for one user (all of the module's when `itemIds` is left out). */
export async function clearBubbles(
  ctx: Ctx,
  appId: number,
  moduleId: number,
  userId: number,
  itemIds?: readonly number[],
  /** Checked in the same statement (a module's "nothing new since": no race with a bubble being added). */
  onlyIf?: SQL,
) {
  if (itemIds?.length === 0) return;
  await removeBubbles(
    ctx,
    appId,
    moduleId,
    and(eq(bubbles.userId, userId), itemIds ? inArray(bubbles.itemId, [...itemIds]) : undefined, onlyIf),
  );
}

/** Deletes a module's bubbles that match, and tells each user who lost some (menus and sockets). */
async function removeBubbles(ctx: Ctx, appId: number, moduleId: number, match: SQL | undefined) {
  const gone = await ctx.db
    .delete(bubbles)
    .where(and(eq(bubbles.appModuleId, moduleId), match))
    .returning({ userId: bubbles.userId });
  if (gone.length === 0) return;
  const userIds = [...new Set(gone.map((g) => g.userId))];
  menusChanged(ctx, appId, userIds);
  await emitModuleBubbles(ctx, appId, moduleId, userIds);
}

/** Emits one showBubble per menu module to a user's sockets (spec 1 §7 getBubbles). */
export async function emitAllBubbles(ctx: Ctx, target: { emit: Io['emit'] }, appId: number, userId: number) {
  const [modules, rows] = await Promise.all([ctx.apps.menu(appId), findBubbles(ctx.db, userId)]);
  for (const m of modules) {
    const items = rows.filter((b) => b.moduleId === m.id).map((b) => b.itemId);
    target.emit('showBubble', { module: { type: m.type, app_module_id: m.id }, items });
  }
}

/** Removes an item from every user's bubbles of a module (a deleted post), telling those who had it. */
export async function dropItemBubbles(ctx: Ctx, appId: number, moduleId: number, itemId: number) {
  await removeBubbles(ctx, appId, moduleId, eq(bubbles.itemId, itemId));
}
