import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { membersBenchSetup, membersLoadTest } from '../apps/server/src/modules/console/members/members.bench.ts';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
const dataDir = process.argv[2]!;
const mode = process.argv[3];
if (mode === 'prepare') {
  const database = await openDatabase({ dataDir });
  await seedDemo(database.db, { dataDir });
  const vars = await membersBenchSetup(database.db);
  fs.writeFileSync(`${dataDir}/bench-vars.json`, JSON.stringify(vars));
  await database.close();
} else {
  const vars = JSON.parse(fs.readFileSync(`${dataDir}/bench-vars.json`, 'utf8'));
  const r = await membersLoadTest({ base: 'http://127.0.0.1:8213', vars, rssMb: () => 0 });
  console.log(JSON.stringify(r, null, 1));
}
