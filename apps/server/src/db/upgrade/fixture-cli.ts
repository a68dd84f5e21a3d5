// `npm run db:fixture -w apps/server`: keeps today's database as an upgrade fixture
// (src/db/upgrade/release-<last migration>.json.gz): a fresh in-memory PGlite, every migration,
// the demo content of a small app (3 extra members), then every row. Run it when a release ships.
import os from 'node:os';
import { openDatabase } from '../client.ts';
import { seedDemo } from '../seed.ts';
import { dumpFixture, readJournal, writeFixture } from './fixture.ts';

const journal = readJournal();
const last = journal.entries.at(-1);
if (!last) throw new Error('no migrations');
const database = await openDatabase({ dataDir: os.tmpdir(), inMemory: true });
await seedDemo(database.db, { users: 3 });
const fixture = await dumpFixture(database.db, last.tag, journal.entries.length);
await database.close();
const file = writeFixture(fixture);
const rows = Object.values(fixture.tables).reduce((n, rows) => n + rows.length, 0);
console.log(`${file}: ${Object.keys(fixture.tables).length} tables, ${rows} rows, release ${last.tag}`);
