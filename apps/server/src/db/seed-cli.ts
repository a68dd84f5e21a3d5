import { loadConfig } from '../config.ts';
import { openStorage } from '../platform/storage/open-storage.ts';
import { openDatabase } from './client.ts';
import { seedDemo } from './seed.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const storage = openStorage(config.storage, config.dataDir);
await storage.check();
const seeded = await seedDemo(database.db, { storage });
console.log(seeded ? 'Demo content created.' : 'Demo content already present.');
await database.close();
await storage.close();
