// `npm run backup [folder]`: a consistent backup while the server runs (docs/operations.md).
// PostgreSQL: read directly in one snapshot. PGlite: asked of the running server (POST /ops/backup
// on this machine), or read from its folder when no server runs.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { openStorage } from '../../platform/storage/open-storage.ts';
import { openDatabase } from '../client.ts';
import { backupName } from './backup.routes.ts';
import { type BackupSummary, backup } from './backup.ts';

const config = loadConfig();
const asked = process.argv[2];
const target = path.resolve(asked ?? path.join(config.dataDir, 'backups', backupName()));

async function viaServer(): Promise<BackupSummary | undefined> {
  const res = await fetch(`http://127.0.0.1:${config.port}/ops/backup`, { method: 'POST' }).catch(() => undefined);
  if (!res) return undefined;
  if (!res.ok) throw new Error(`the running server refused the backup: ${res.status} ${await res.text()}`);
  const summary = (await res.json()) as BackupSummary;
  if (asked) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(summary.dir, target);
    summary.dir = target;
  }
  return summary;
}

let summary = config.databaseUrl ? undefined : await viaServer();
if (!summary) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const storage = openStorage(config.storage, config.dataDir);
  try {
    await storage.check();
    summary = await backup(database.db, storage, target);
  } finally {
    await database.close();
    await storage.close();
  }
}
console.log(
  `Backup in ${summary.dir}: ${summary.tables} tables, ${summary.rows} rows, ${summary.files} files (schema of ${summary.migrations} migrations).`,
);
