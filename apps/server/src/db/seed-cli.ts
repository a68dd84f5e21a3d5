import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { seedDemo } from './seed.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const seeded = await seedDemo(database.db, { dataDir: config.dataDir });
console.log(seeded ? 'Demo content created.' : 'Demo content already present.');
await database.close();
