import { openDatabase } from '../apps/server/src/db/client.ts';
import { sql } from 'drizzle-orm';
const database = await openDatabase({ dataDir: process.argv[2]! });
const db = database.db;
const [app] = (await db.execute(sql`select id from apps where key = 'bench-members'`)).rows as Array<{ id: number }>;
const id = app!.id;
const qs = [
  sql`explain analyze select u.id, (select max(t.created_at) from access_tokens t where t.user_id = u.id), count(*) over () from users u where u.app_id = ${id} and u.deleted_at is null order by u.last_name, u.first_name, u.id limit 20`,
  sql`explain analyze select u.id, count(*) over () from users u where u.app_id = ${id} and u.deleted_at is null order by u.last_name, u.first_name, u.id limit 20`,
  sql`explain analyze select u.id from users u where u.app_id = ${id} and u.deleted_at is null order by u.last_name, u.first_name, u.id limit 20`,
  sql`explain analyze select count(*) from users u where u.app_id = ${id} and u.deleted_at is null`,
  sql`explain analyze select u.id, count(*) over () from users u where u.app_id = ${id} and u.deleted_at is null and (lower(u.first_name || ' ' || u.last_name) like '%00042%' or lower(u.email) like '%00042%' or lower(u.company) like '%00042%') order by u.last_name, u.first_name, u.id limit 20`,
];
for (const q of qs) {
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const r = await db.execute(q);
    if (i === 2) { console.log(Math.round(performance.now() - t), 'ms'); console.log((r.rows as Array<Record<string, string>>).map((x) => Object.values(x)[0]).join('\n')); }
  }
}
await database.close();
