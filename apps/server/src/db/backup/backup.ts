import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Storage } from '../../platform/storage/storage.ts';
import { type Database, type Db, openDatabase } from '../client.ts';
import { dumpFixture, type Fixture, loadFixture, readFixture, readJournal, releaseMigrations } from '../upgrade/fixture.ts';

/**
 * Backup and restore (docs/operations.md "Backup and restore"). A backup is a folder:
 * `database.json.gz` (every row of every table as PostgreSQL's JSON, read in one repeatable-read
 * transaction, with the number of migrations of its schema: the upgrade fixtures' format) and
 * `files/` (the stored files' `uploads/` and `files/`, from the disk or the bucket, copied after the
 * rows were read, so every file a row names is there). A restore builds the backup's schema in an
 * empty database, loads the rows, applies the migrations that came since, and puts the files back
 * into the storage it is given (disk or bucket: a backup of one restores into the other).
 */
export const FILE_FOLDERS = ['uploads', 'files'] as const;

export interface BackupSummary {
  dir: string;
  tables: number;
  rows: number;
  files: number;
  migrations: number;
}

/** Every row, read in one snapshot (a repeatable-read transaction). */
export async function dumpDatabase(db: Db): Promise<Fixture> {
  const journal = readJournal();
  const [applied] = await db
    .execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
    .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
  const migrations = applied?.n ?? journal.entries.length;
  const release = journal.entries[migrations - 1]?.tag ?? 'unknown';
  return db.transaction((tx) => dumpFixture(tx, release, migrations), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

const summaryOf = (dir: string, dump: Fixture): BackupSummary => ({
  dir,
  tables: Object.keys(dump.tables).length,
  rows: Object.values(dump.tables).reduce((n, rows) => n + rows.length, 0),
  files: countFiles(path.join(dir, 'files')),
  migrations: dump.migrations,
});

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => fs.statSync(path.join(dir, f)).isFile()).length;
}

/** Copies every stored file under `uploads/` and `files/` into `target` (their keys as paths); answers how many. */
async function copyOut(storage: Storage, target: string): Promise<number> {
  let n = 0;
  for (const folder of FILE_FOLDERS) {
    for await (const page of storage.list(`${folder}/`)) {
      for (const info of page) {
        const obj = await storage.get(info.key);
        // Deleted since it was listed: a backup holds what the rows name, and a deleted file's row is gone too.
        if (!obj) continue;
        const file = path.join(target, ...info.key.split('/'));
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await pipeline(obj.body, fs.createWriteStream(file));
        n++;
      }
    }
  }
  return n;
}

/** Whether the storage holds any file under `uploads/` or `files/`. */
async function holdsFiles(storage: Storage): Promise<boolean> {
  for (const folder of FILE_FOLDERS) {
    for await (const page of storage.list(`${folder}/`)) if (page.length > 0) return true;
  }
  return false;
}

/** Writes a backup of `db` and of the files in `storage` (disk or bucket) into a new folder `dir`. */
export async function backup(db: Db, storage: Storage, dir: string): Promise<BackupSummary> {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new Error(`${dir} is not empty`);
  const dump = await dumpDatabase(db);
  const partial = `${dir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(path.join(partial, 'files'), { recursive: true });
  fs.writeFileSync(path.join(partial, 'database.json.gz'), gzipSync(JSON.stringify(dump)));
  await copyOut(storage, path.join(partial, 'files'));
  // A backup folder exists whole or not at all.
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(partial, dir);
  return summaryOf(dir, dump);
}

export const readBackup = (dir: string): Fixture => readFixture(path.join(dir, 'database.json.gz'));

/**
 * Restores the backup in `dir` into an empty place: `open(folder)` opens the target database
 * migrated with the migrations in `folder` (first the backup's, then today's, on the same database).
 * The target's data folder must hold no files yet.
 */
export async function restore(
  dir: string,
  storage: Storage,
  open: (migrationsFolder: string | undefined) => Promise<Database>,
): Promise<BackupSummary> {
  const dump = readBackup(dir);
  if (await holdsFiles(storage)) {
    throw new Error(`the ${storage.kind === 'disk' ? 'data folder' : 'bucket'} already holds files: restore into an empty place`);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-'));
  try {
    const first = await open(releaseMigrations(dump.migrations, path.join(tmp, 'migrations')));
    try {
      const [taken] = await first.db
        .execute(sql`select exists(select 1 from apps) or exists(select 1 from users) as taken`)
        .then((r) => (r as unknown as { rows: { taken: boolean }[] }).rows);
      if (taken?.taken) throw new Error('the target database is not empty: restore into an empty place');
      await loadFixture(first.db, dump);
    } finally {
      await first.close();
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  // Today's migrations on top of the backup's.
  const upgraded = await open(undefined);
  await upgraded.close();
  await copyIn(path.join(dir, 'files'), storage);
  return summaryOf(dir, dump);
}

/** Puts the backup's files (`<from>/uploads/…`, `<from>/files/…`) into the storage under the same keys, a few at a time. */
async function copyIn(from: string, storage: Storage): Promise<void> {
  const keys: string[] = [];
  for (const folder of FILE_FOLDERS) {
    const root = path.join(from, folder);
    if (!fs.existsSync(root)) continue;
    for (const f of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (fs.statSync(path.join(root, f)).isFile()) keys.push(`${folder}/${f.split(path.sep).join('/')}`);
    }
  }
  const worker = async () => {
    for (let key = keys.shift(); key !== undefined; key = keys.shift()) {
      await storage.put(key, await fs.promises.readFile(path.join(from, ...key.split('/'))));
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** Opens PGlite under `dataDir` or the PostgreSQL of `databaseUrl`, with the migrations of `folder`. */
export const opener =
  (dataDir: string, databaseUrl: string | undefined) =>
  (migrationsFolder: string | undefined): Promise<Database> =>
    openDatabase({ dataDir, databaseUrl, ...(migrationsFolder ? { migrationsFolder } : {}) });
