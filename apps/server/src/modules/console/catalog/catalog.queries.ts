import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { catalogItems } from '../../catalog/catalog.table.ts';
import { searchQuery } from '../../content/content.queries.ts';

export type CatalogRow = typeof catalogItems.$inferSelect;
export type NewCatalogRow = typeof catalogItems.$inferInsert;
export type CatalogSet = Partial<
  Pick<NewCatalogRow, 'name' | 'category' | 'location' | 'logoUrl' | 'website' | 'contactEmail' | 'descriptionHtml' | 'descriptionText'>
>;

const inModule = (appId: number, moduleId: number) => and(eq(catalogItems.appId, appId), eq(catalogItems.appModuleId, moduleId));

function listWhere(appId: number, moduleId: number, search: string | null): SQL | undefined {
  const q = search ? searchQuery(search) : null;
  return and(inModule(appId, moduleId), q ? sql`${catalogItems.search} @@ to_tsquery('simple', ${q})` : undefined);
}

/** One page of a module's items by name (catalog_items_list_idx), searched by words as the attendees' list. */
export async function page(db: Db, appId: number, moduleId: number, search: string | null, limit: number, offset: number) {
  const rows = await db
    .select({ item: catalogItems, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(catalogItems)
    .where(listWhere(appId, moduleId, search))
    .orderBy(asc(catalogItems.name), asc(catalogItems.id))
    .limit(limit)
    .offset(offset);
  return { rows: rows.map((r) => r.item), total: rows[0]?.total ?? 0 };
}

/** The module's distinct categories by name (at most `max`). */
export async function categories(db: Db, appId: number, moduleId: number, max: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ c: catalogItems.category })
    .from(catalogItems)
    .where(and(inModule(appId, moduleId), isNotNull(catalogItems.category), sql`${catalogItems.category} <> ''`))
    .orderBy(asc(catalogItems.category))
    .limit(max);
  return rows.map((r) => r.c ?? '');
}

export async function findOne(db: Db, appId: number, moduleId: number, id: number, lock = false) {
  const base = db
    .select()
    .from(catalogItems)
    .where(and(inModule(appId, moduleId), eq(catalogItems.id, id)));
  const [row] = lock ? await base.for('update') : await base;
  return row;
}

export async function insertOne(db: Db, values: NewCatalogRow): Promise<CatalogRow> {
  const [row] = await db.insert(catalogItems).values(values).returning();
  if (!row) throw new Error('insert catalog_items returned nothing');
  return row;
}

export async function updateOne(db: Db, id: number, set: CatalogSet): Promise<CatalogRow | undefined> {
  const [row] = await db.update(catalogItems).set(set).where(eq(catalogItems.id, id)).returning();
  return row;
}

export async function deleteOne(db: Db, id: number): Promise<void> {
  await db.delete(catalogItems).where(eq(catalogItems.id, id));
}

/** The module's items carrying these source ids (catalog_items_external_idx), in batches. */
export async function byExternalIds(db: Db, appId: number, moduleId: number, ids: string[]): Promise<CatalogRow[]> {
  const out: CatalogRow[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    out.push(
      ...(await db
        .select()
        .from(catalogItems)
        .where(and(inModule(appId, moduleId), inArray(catalogItems.externalId, chunk)))),
    );
  }
  return out;
}

export async function insertMany(db: Db, values: NewCatalogRow[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < values.length; i += 500) {
    const rows = await db
      .insert(catalogItems)
      .values(values.slice(i, i + 500))
      .returning({ id: catalogItems.id });
    n += rows.length;
  }
  return n;
}

/** Every item of the module by name, in batches by (name, id): the export, never held whole. */
export function batchAfter(db: Db, appId: number, moduleId: number, after: { name: string; id: number } | null, limit: number) {
  return db
    .select()
    .from(catalogItems)
    .where(
      and(inModule(appId, moduleId), after ? sql`(${catalogItems.name}, ${catalogItems.id}) > (${after.name}, ${after.id})` : undefined),
    )
    .orderBy(asc(catalogItems.name), asc(catalogItems.id))
    .limit(limit);
}
