import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appModules } from '../apps/apps.table.ts';

/**
 * Sets `url` in the module's settings, keeping its other settings (one statement, by primary
 * key and app): whether a row of this app and type was changed.
 */
export async function saveWebviewUrl(db: Db, appId: number, moduleId: number, url: string): Promise<boolean> {
  const rows = await db
    .update(appModules)
    .set({ params: sql`${appModules.params} || jsonb_build_object('url', ${url}::text)` })
    .where(and(eq(appModules.id, moduleId), eq(appModules.appId, appId), eq(appModules.type, 'webview')))
    .returning({ id: appModules.id });
  return rows.length > 0;
}
