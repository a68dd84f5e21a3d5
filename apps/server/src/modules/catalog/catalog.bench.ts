import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { demoApps } from '../../platform/demo.ts';
import type { BenchScenario, BenchSetup } from '../../platform/module.ts';
import { appModules } from '../apps/apps.table.ts';

/**
 * A big trade-fair catalog, made only by `npm run bench`: a second catalog module of the demo app
 * with 5,000 exhibitors in 12 categories; every 100th offers solar panels (the search word, 50 items).
 */
export const BIG_CATALOG = { items: 5_000, searchWord: 'solar' };
const CATEGORIES = [
  'Software',
  'Hardware',
  'Catering',
  'Travel',
  'Media',
  'Print',
  'Energy',
  'Textiles',
  'Furniture',
  'Logistics',
  'Security',
  'Health',
];

export const catalogBenchSetup: BenchSetup = async (db: Db) => {
  const demo = (await demoApps(db)).find((d) => d.app.key === 'demo');
  if (!demo) throw new Error('catalog bench: the demo app is missing');
  const appId = demo.app.id;
  const position = Math.max(0, ...demo.modules.map((m) => m.position)) + 1;
  const [mod] = await db
    .insert(appModules)
    .values({ appId, type: 'catalog', name: 'Big catalog (bench)', position, iconName: 'catalog' })
    .returning({ id: appModules.id });
  if (!mod) throw new Error('insert app_modules returned nothing');
  const categories = `{${CATEGORIES.join(',')}}`;
  await db.execute(sql`
    insert into catalog_items (app_id, app_module_id, name, category, location, description_html, description_text)
    select ${appId}, ${mod.id}, 'Exhibitor ' || lpad(i::text, 5, '0'), c.name, 'Hall ' || (1 + i % 4) || ', booth ' || i,
           '<p>' || d.text || '</p>', d.text
    from generate_series(1, ${BIG_CATALOG.items}) i,
         lateral (select (${categories}::text[])[1 + i % 12] as name) c,
         lateral (select 'We make ' || lower(c.name) || ' for events of every size'
                         || case when i % 100 = 0 then ', and ' || ${BIG_CATALOG.searchWord} || ' panels for outdoor stages' else '' end
                         || '. Visit us at booth ' || i || '.' as text) d`);
  await db.execute(sql`analyze catalog_items`);
  return { catalogBig: mod.id };
};

/** List and search at 50 connections: the same targets as the other lists of the app (p99 ≤ 50 ms). */
export const catalogBench: BenchScenario[] = [
  {
    name: 'GET big catalog, first page',
    path: '/catalog/{bench:catalogBig}/items',
    auth: 'access-token',
    minRps: 1000,
    maxP99Ms: 50,
    minBareRatio: 0,
  },
  {
    name: 'GET big catalog, page 100',
    path: '/catalog/{bench:catalogBig}/items?page=100',
    auth: 'access-token',
    minRps: 500,
    maxP99Vs: { of: 'GET big catalog, first page', factor: 3 },
    minBareRatio: 0,
  },
  {
    name: `GET big catalog search "${BIG_CATALOG.searchWord}"`,
    path: `/catalog/{bench:catalogBig}/items?search=${BIG_CATALOG.searchWord}`,
    auth: 'access-token',
    minRps: 500,
    maxP99Ms: 100,
    minBareRatio: 0,
  },
];
