import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { AppRow } from '../../apps/apps.queries.ts';
import { appDomains, appModules, apps } from '../../apps/apps.table.ts';

export type AppPatch = Partial<Omit<typeof apps.$inferInsert, 'id' | 'createdAt'>>;

/** The app row read under a row lock, so two saves of one app run one after the other. */
export async function lockApp(db: Db, appId: number): Promise<AppRow | undefined> {
  const [row] = await db.select().from(apps).where(eq(apps.id, appId)).for('update');
  return row;
}

export async function findApp(db: Db, appId: number): Promise<AppRow | undefined> {
  const [row] = await db.select().from(apps).where(eq(apps.id, appId));
  return row;
}

export async function domainsOf(db: Db, appId: number): Promise<string[]> {
  const rows = await db
    .select({ d: appDomains.domain })
    .from(appDomains)
    .where(eq(appDomains.appId, appId))
    .orderBy(asc(appDomains.domain));
  return rows.map((r) => r.d);
}

/** Whether another app already has this key. */
export async function keyTaken(db: Db, key: string, exceptAppId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: apps.id })
    .from(apps)
    .where(and(eq(apps.key, key), exceptAppId === undefined ? undefined : ne(apps.id, exceptAppId)))
    .limit(1);
  return rows.length > 0;
}

/** Which of these host names another app already serves. */
export async function domainsTaken(db: Db, domains: string[], appId: number): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ d: appDomains.domain })
    .from(appDomains)
    .where(and(inArray(appDomains.domain, domains), ne(appDomains.appId, appId)));
  return rows.map((r) => r.d);
}

export async function updateAppRow(db: Db, appId: number, patch: AppPatch): Promise<AppRow | undefined> {
  if (Object.keys(patch).length === 0) return findApp(db, appId);
  const [row] = await db.update(apps).set(patch).where(eq(apps.id, appId)).returning();
  return row;
}

/** Replaces the app's host names with `domains`. */
export async function replaceDomains(db: Db, appId: number, domains: string[]): Promise<void> {
  await db.delete(appDomains).where(eq(appDomains.appId, appId));
  if (domains.length) await db.insert(appDomains).values(domains.map((domain) => ({ domain, appId })));
}

export async function insertApp(db: Db, values: typeof apps.$inferInsert): Promise<AppRow> {
  const [row] = await db.insert(apps).values(values).returning();
  if (!row) throw new Error('insert apps returned nothing');
  return row;
}

export async function insertModules(db: Db, appId: number, list: Array<{ type: string; name: string }>): Promise<void> {
  await db.insert(appModules).values(list.map((m, i) => ({ appId, type: m.type, name: m.name, position: i + 1, iconName: m.type })));
}
