import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appDomains, appModules, appSecrets, apps } from './apps.table.ts';

export type AppRow = typeof apps.$inferSelect;
export type ModuleRow = typeof appModules.$inferSelect;

export const findAllApps = (db: Db) => db.select().from(apps);
export const findAllDomains = (db: Db) => db.select().from(appDomains);

export const findAppModules = (db: Db, appId: number) =>
  db
    .select()
    .from(appModules)
    .where(and(eq(appModules.appId, appId), eq(appModules.isActive, true)))
    .orderBy(asc(appModules.position), asc(appModules.id));

export async function findSecret(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row?.value;
}

/** Stores a secret unless another node stored one first; returns the one that won. */
export async function putSecretOnce(db: Db, name: string, value: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value }).onConflictDoNothing();
  return (await findSecret(db, name)) ?? value;
}
