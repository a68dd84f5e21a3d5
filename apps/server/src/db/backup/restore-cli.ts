// `npm run restore <backup folder>`: into an empty place only (a new DATA_DIR, an empty
// DATABASE_URL database, an empty STORAGE_URL bucket or prefix), with the server stopped; then
// today's migrations (docs/operations.md).
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { openStorage } from '../../platform/storage/open-storage.ts';
import { opener, restore } from './backup.ts';

const from = process.argv[2];
if (!from) {
  console.error('Usage: npm run restore <backup folder>');
  process.exit(2);
}
const config = loadConfig();
const storage = openStorage(config.storage, config.dataDir);
await storage.check();
const summary = await restore(path.resolve(from), storage, opener(config.dataDir, config.databaseUrl));
await storage.close();
console.log(
  `Restored ${summary.tables} tables, ${summary.rows} rows and ${summary.files} files into ${config.databaseUrl ? 'the database' : config.dataDir}${storage.kind === 's3' ? ' and the bucket' : ''}.`,
);
