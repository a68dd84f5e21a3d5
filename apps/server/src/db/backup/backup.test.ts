import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { emptyPgDatabase } from '../../../test/helpers.ts';
import { emptyStorage, testStorageConfig } from '../../../test/storage.ts';
import { openStorage } from '../../platform/storage/open-storage.ts';
import { listAll, readAll, type Storage } from '../../platform/storage/storage.ts';
import { tableColumns, tableRows } from '../upgrade/fixture.ts';
import { type BackupSummary, FILE_FOLDERS, opener, restore } from './backup.ts';

const url = process.env.DATABASE_URL;
let t: TestApp;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  // No background feed fetch: it would change the source's rows after the backup was taken.
  t = await createTestApp({ socialFeedFetch: false }, { users: 3 });
  // Files as members' uploads leave them: an upload, a derived image, a content file (on disk or in the bucket).
  await t.app.ctx.storage.put('uploads/avatars/a.webp', randomBytes(2048));
  await t.app.ctx.storage.put('files/7/report.pdf', randomBytes(4096));
});
afterAll(async () => {
  await t.close();
  for (const c of cleanups.reverse()) await c();
});

/** Every stored file under the file folders, with its hash. */
async function filesOf(storage: Storage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const folder of FILE_FOLDERS) {
    for (const f of await listAll(storage, `${folder}/`)) {
      out[f.key] = createHash('sha256')
        .update((await readAll(storage, f.key)) ?? '')
        .digest('hex');
    }
  }
  return out;
}

/** An empty place: a new data folder (or bucket prefix), and with PostgreSQL a new database. */
async function emptyPlace(): Promise<{ dataDir: string; databaseUrl: string | undefined; storage: Storage }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-target-'));
  const storage = openStorage(testStorageConfig(), dataDir);
  cleanups.push(async () => {
    if (storage.kind === 's3') await emptyStorage(storage);
    await storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  if (!url) return { dataDir, databaseUrl: undefined, storage };
  const created = await emptyPgDatabase(url, 'restore');
  cleanups.push(created.drop);
  return { dataDir, databaseUrl: created.url, storage };
}

describe('backup and restore', () => {
  let summary: BackupSummary;

  it('takes a backup through the running server, for the allowed addresses only', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/ops/backup', remoteAddress: '203.0.113.9' });
    expect(refused.statusCode).toBe(404);
    const res = await t.app.inject({ method: 'POST', url: '/ops/backup' });
    expect(res.statusCode).toBe(200);
    summary = res.json() as BackupSummary;
    expect(summary.rows).toBeGreaterThan(100);
    expect(summary.files).toBe(2);
    expect(fs.existsSync(path.join(summary.dir, 'database.json.gz'))).toBe(true);
    cleanups.push(async () => fs.rmSync(summary.dir, { recursive: true, force: true }));
  });

  it('restores into an empty place every table, row and file', async () => {
    const place = await emptyPlace();
    const open = opener(place.dataDir, place.databaseUrl);
    await restore(summary.dir, place.storage, open);
    const restored = await open(undefined);
    try {
      const source = await tableColumns(t.app.ctx.db);
      const target = await tableColumns(restored.db);
      expect([...target.keys()].sort()).toEqual([...source.keys()].sort());
      let rows = 0;
      for (const [table, columns] of source) {
        const stored = columns.filter((c) => c.is_generated !== 'ALWAYS').map((c) => c.column_name);
        const before = await tableRows(t.app.ctx.db, table, stored);
        rows += before.length;
        expect(await tableRows(restored.db, table, stored), table).toEqual(before);
      }
      expect(rows).toBe(summary.rows);
      // A row added after the restore gets a new id: the sequences follow the rows.
      const result = (await restored.db.execute(
        sql`select nextval(pg_get_serial_sequence('apps', 'id'))::int as next, (select max(id) from apps)::int as max`,
      )) as unknown as { rows: { next: number; max: number }[] };
      const [ids] = result.rows;
      expect(ids?.next).toBeGreaterThan(ids?.max ?? Number.POSITIVE_INFINITY);
    } finally {
      await restored.close();
    }
    expect(await filesOf(place.storage)).toEqual(await filesOf(t.app.ctx.storage));
    expect(Object.keys(await filesOf(place.storage))).toHaveLength(2);
  });

  it('refuses a place that is not empty', async () => {
    const place = await emptyPlace();
    await place.storage.put('files/x', Buffer.from('x'));
    await expect(restore(summary.dir, place.storage, opener(place.dataDir, place.databaseUrl))).rejects.toThrow(/empty place/);
  });
});
