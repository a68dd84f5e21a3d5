import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { appModules } from '../../apps/apps.table.ts';

/** A free-form module of the app, shown in the menu or hidden (an organiser prepares a page before showing it). */
export async function findFreeformModule(db: Db, appId: number, moduleId: number) {
  const [row] = await db
    .select({ id: appModules.id, name: appModules.name })
    .from(appModules)
    .where(and(eq(appModules.appId, appId), eq(appModules.id, moduleId), eq(appModules.type, 'freeform')));
  return row;
}
