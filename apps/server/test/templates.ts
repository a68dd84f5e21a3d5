import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed.ts';

/**
 * Migrated and seeded databases that test apps start from as copies, made once per run by
 * test/global-setup.ts: a `dumpDataDir` tarball per seed option with PGlite, a template database
 * per option with PostgreSQL (DATABASE_URL).
 */

/** The `users` seed options the test files use; any other falls back to migrating and seeding. */
export const TEMPLATE_USERS = [0, 3, 20] as const;

/**
 * Per `users` option: the tarball's path (PGlite) or the template database's name (PostgreSQL);
 * and `migrated`, the PGlite tarball of a migrated database without any seed.
 */
export type TemplateRefs = Record<string, string>;

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: TemplateRefs;
  }
}

/** The database `name` on the server of `url`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Waits (bounded) until nobody is connected to database `name`: pool.end() resolves before its
 * connections have closed, and a database cannot be copied or dropped cleanly while they are.
 */
export async function waitUntilIdle(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const r = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (r.rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Builds the templates; returns their references and a function that removes them. */
export async function buildTemplates(): Promise<{ refs: TemplateRefs; remove: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return buildPgliteTemplates(TEMPLATE_USERS);
  // Seeder tests run on PGlite whatever the database: they still get the migrated tarball.
  const [lite, pg] = await Promise.allSettled([buildPgliteTemplates([]), buildPgTemplates(url)]);
  if (lite.status === 'rejected' || pg.status === 'rejected') {
    if (lite.status === 'fulfilled') await lite.value.remove();
    if (pg.status === 'fulfilled') await pg.value.remove();
    throw lite.status === 'rejected' ? lite.reason : (pg as PromiseRejectedResult).reason;
  }
  return {
    refs: { ...lite.value.refs, ...pg.value.refs },
    remove: async () => {
      await pg.value.remove();
      await lite.value.remove();
    },
  };
}

async function buildPgliteTemplates(seeds: readonly number[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eventapp-templates-'));
  const refs: TemplateRefs = {};
  // Migrated once; each option's seed starts from a copy of that.
  const base = await openDatabase({ dataDir: dir, inMemory: true });
  const migrated = await base.dumpDataDir?.();
  await base.close();
  if (!migrated) throw new Error('PGlite cannot dump its data folder');
  refs.migrated = path.join(dir, 'migrated.tar');
  fs.writeFileSync(refs.migrated, Buffer.from(await migrated.arrayBuffer()));
  // Seeded side by side: each PGlite is single-threaded.
  await Promise.all(
    seeds.map(async (users) => {
      const database = await openDatabase({ dataDir: dir, inMemory: true, loadDataDir: migrated });
      await seedDemo(database.db, { users });
      const tar = await database.dumpDataDir?.();
      await database.close();
      if (!tar) throw new Error('PGlite cannot dump its data folder');
      const file = path.join(dir, `users-${users}.tar`);
      fs.writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
      refs[String(users)] = file;
    }),
  );
  return { refs, remove: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function buildPgTemplates(url: string) {
  const refs: TemplateRefs = {};
  const run = randomBytes(4).toString('hex');
  const remove = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    for (const name of Object.values(refs)) await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const users of TEMPLATE_USERS) {
      const name = `template_${run}_${users}`;
      await admin.query(`create database ${name}`);
      refs[String(users)] = name;
      // PGlite's templates are built in this process meanwhile and hold its event loop for seconds at
      // a time: a connection would time out (2 s) while its answer waits behind them.
      const database = await openDatabase({
        dataDir: os.tmpdir(),
        databaseUrl: databaseUrl(url, name),
        connectionTimeoutMs: 60_000,
      });
      await seedDemo(database.db, { users });
      await database.close();
      await waitUntilIdle(admin, name);
    }
  } catch (err) {
    await remove();
    throw err;
  } finally {
    await admin.end();
  }
  return { refs, remove };
}
