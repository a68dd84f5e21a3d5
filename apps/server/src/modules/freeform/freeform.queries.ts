import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { freeformPages } from './freeform.table.ts';

/** The module's page: a primary-key look-up. */
export async function findPage(db: Db, appId: number, moduleId: number) {
  const [r] = await db
    .select()
    .from(freeformPages)
    .where(and(eq(freeformPages.appId, appId), eq(freeformPages.appModuleId, moduleId)));
  return r;
}

/** Writes the module's page (sanitised HTML and its text), replacing the one it had. */
export async function savePage(db: Db, values: typeof freeformPages.$inferInsert) {
  await db
    .insert(freeformPages)
    .values(values)
    .onConflictDoUpdate({ target: freeformPages.appModuleId, set: { html: values.html, text: values.text, updatedAt: new Date() } });
}
