import type { MenuContentKind } from '@app/contract/schemas/console-menu';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { agendaSessions, agendaSpeakers } from '../../agenda/agenda.table.ts';
import type { ModuleRow } from '../../apps/apps.queries.ts';
import { appModules } from '../../apps/apps.table.ts';
import { catalogItems } from '../../catalog/catalog.table.ts';
import { chatMessages, chats } from '../../chats/chats.table.ts';
import { contentComments, contentPosts } from '../../content/content.table.ts';
import { eventRegistrations, events } from '../../events/events.table.ts';
import { freeformPages } from '../../freeform/freeform.table.ts';
import { marketplaceItems } from '../../marketplace/marketplace.table.ts';
import { resourceItems } from '../../resources/resources.table.ts';
import { bubbles } from '../../users/users.table.ts';

/** Every module of an app, hidden ones too, in menu order. */
export const findAllModules = (db: Db, appId: number) =>
  db.select().from(appModules).where(eq(appModules.appId, appId)).orderBy(asc(appModules.position), asc(appModules.id));

export async function findModule(db: Db, appId: number, moduleId: number): Promise<ModuleRow | undefined> {
  const [row] = await db
    .select()
    .from(appModules)
    .where(and(eq(appModules.appId, appId), eq(appModules.id, moduleId)));
  return row;
}

/** Adds a module after the app's last one (its position computed in the insert itself). */
export async function insertModule(
  db: Db,
  appId: number,
  values: { type: string; name: string; iconName: string; params?: Record<string, unknown> },
): Promise<ModuleRow> {
  const [row] = await db
    .insert(appModules)
    .values({
      appId,
      ...values,
      position: sql`(select coalesce(max(${appModules.position}), 0) + 1 from ${appModules} where ${appModules.appId} = ${appId})`,
    })
    .returning();
  if (!row) throw new Error('insert app_modules returned nothing');
  return row;
}

export async function updateModule(
  db: Db,
  appId: number,
  moduleId: number,
  values: Partial<Pick<ModuleRow, 'name' | 'iconName' | 'isActive' | 'params'>>,
): Promise<ModuleRow | undefined> {
  const [row] = await db
    .update(appModules)
    .set(values)
    .where(and(eq(appModules.appId, appId), eq(appModules.id, moduleId)))
    .returning();
  return row;
}

/** Sets every module's position to its index + 1 in `ids`, in one statement. */
export async function setPositions(db: Db, appId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id}::int then ${i + 1}::int`),
    sql` `,
  );
  await db
    .update(appModules)
    .set({ position: sql`case ${appModules.id} ${cases} end` })
    .where(and(eq(appModules.appId, appId), inArray(appModules.id, ids)));
}

/**
 * Removes a module; its content goes with it through the foreign keys' cascades. Its unread
 * bubbles name it without a foreign key, so they are deleted here.
 */
export async function deleteModule(db: Db, appId: number, moduleId: number): Promise<boolean> {
  await db.delete(bubbles).where(eq(bubbles.appModuleId, moduleId));
  const gone = await db
    .delete(appModules)
    .where(and(eq(appModules.appId, appId), eq(appModules.id, moduleId)))
    .returning({ id: appModules.id });
  return gone.length > 0;
}

/**
 * What the app's modules hold (or one module's, with `moduleId`): one count per module and kind of
 * content, in one query over the tables of the module types that keep content of their own.
 */
export async function countContent(
  db: Db,
  appId: number,
  moduleId?: number,
): Promise<Array<{ moduleId: number; kind: MenuContentKind; count: number }>> {
  const kind = (k: MenuContentKind) => sql<MenuContentKind>`${k}::text`.as('kind');
  const only = (col: AnyPgColumn): SQL | undefined => (moduleId === undefined ? undefined : eq(col, moduleId));
  const direct = (
    k: MenuContentKind,
    table:
      | typeof contentPosts
      | typeof catalogItems
      | typeof marketplaceItems
      | typeof events
      | typeof resourceItems
      | typeof agendaSessions
      | typeof agendaSpeakers
      | typeof chats
      | typeof freeformPages,
  ) =>
    db
      .select({ moduleId: table.appModuleId, kind: kind(k), count: count() })
      .from(table)
      .where(and(eq(table.appId, appId), only(table.appModuleId)))
      .groupBy(table.appModuleId);
  const comments = db
    .select({ moduleId: contentPosts.appModuleId, kind: kind('comments'), count: count() })
    .from(contentComments)
    .innerJoin(contentPosts, eq(contentPosts.id, contentComments.postId))
    .where(and(eq(contentComments.appId, appId), only(contentPosts.appModuleId)))
    .groupBy(contentPosts.appModuleId);
  const registrations = db
    .select({ moduleId: events.appModuleId, kind: kind('registrations'), count: count() })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(and(eq(eventRegistrations.appId, appId), only(events.appModuleId)))
    .groupBy(events.appModuleId);
  const messages = db
    .select({ moduleId: chats.appModuleId, kind: kind('messages'), count: count() })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(and(eq(chats.appId, appId), only(chats.appModuleId)))
    .groupBy(chats.appModuleId);
  const rows = await unionAll(
    direct('posts', contentPosts),
    comments,
    direct('items', catalogItems),
    direct('items', marketplaceItems),
    direct('events', events),
    registrations,
    direct('sessions', agendaSessions),
    direct('speakers', agendaSpeakers),
    direct('chats', chats),
    messages,
    direct('resources', resourceItems),
    direct('pages', freeformPages),
  );
  return rows.map((r) => ({ moduleId: r.moduleId, kind: r.kind, count: Number(r.count) }));
}
