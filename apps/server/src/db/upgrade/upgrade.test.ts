import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyPgDatabase } from '../../../test/helpers.ts';
import { type Database, openDatabase } from '../client.ts';
import { fixtureFiles, loadFixture, readFixture, readJournal, releaseMigrations, tableColumns, tableRows } from './fixture.ts';

/**
 * Upgrades (docs/operations.md): a database made by a release, with its rows, goes through every
 * later migration and keeps every row and value. A column or table a later migration renames or
 * drops on purpose is named in DROPPED with the migration that does it.
 */
const DROPPED: Record<string, string> = {};

const url = process.env.DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/**
 * A new database migrated with the migrations in `folder` (PGlite in a data folder, or a new
 * database on DATABASE_URL) and a way to open it again with today's migrations.
 */
async function releaseDatabase(folder: string): Promise<{ database: Database; reopen: () => Promise<Database> }> {
  if (!url) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrade-data-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    return { database: await openDatabase({ dataDir, migrationsFolder: folder }), reopen: () => openDatabase({ dataDir }) };
  }
  const created = await emptyPgDatabase(url, 'upgrade');
  cleanups.push(created.drop);
  const databaseUrl = created.url;
  return {
    database: await openDatabase({ dataDir: os.tmpdir(), databaseUrl, migrationsFolder: folder }),
    reopen: () => openDatabase({ dataDir: os.tmpdir(), databaseUrl }),
  };
}

describe('upgrades from a release', () => {
  const files = fixtureFiles();

  it('keeps a fixture of a release', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const f = readFixture(file);
      // The fixture's release is a migration of the journal, at the place it says.
      expect(readJournal().entries[f.migrations - 1]?.tag).toBe(f.release);
      expect(Object.values(f.tables).some((rows) => rows.length > 0)).toBe(true);
    }
  });

  for (const file of files) {
    it(`every later migration keeps the rows of ${path.basename(file)}`, async () => {
      const fixture = readFixture(file);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrade-'));
      cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
      const releaseDir = releaseMigrations(fixture.migrations, path.join(dir, 'release'));
      const { database: release, reopen } = await releaseDatabase(releaseDir);
      try {
        await loadFixture(release.db, fixture);
      } finally {
        await release.close();
      }
      // The same database, opened with today's migrations: the migrator applies the later ones.
      const db = await reopen();
      try {
        const columnsNow = await tableColumns(db.db);
        const lost: string[] = [];
        for (const [table, rows] of Object.entries(fixture.tables)) {
          const now = columnsNow.get(table);
          if (!now) {
            if (!DROPPED[table]) lost.push(`table ${table}`);
            continue;
          }
          const names = new Set(now.map((c) => c.column_name));
          const kept = Object.keys(rows[0] ?? {}).filter((c) => {
            if (names.has(c)) return true;
            if (!DROPPED[`${table}.${c}`]) lost.push(`column ${table}.${c}`);
            return false;
          });
          if (rows.length === 0) continue;
          const after = await tableRows(db.db, table, kept);
          const project = (r: Record<string, unknown>) => JSON.stringify(kept.map((c) => r[c]));
          const before = rows.map(project).sort();
          expect(after.map(project).sort(), `rows of ${table}`).toEqual(before);
        }
        expect(lost, 'lost by a later migration (name it in DROPPED if on purpose)').toEqual([]);
      } finally {
        await db.close();
      }
    }, 120_000);
  }
});
