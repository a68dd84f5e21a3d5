import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { demoApps } from '../../../platform/demo.ts';
import type { BenchScenario, BenchSetup } from '../../../platform/module.ts';

/** The leaderboard bench: at least this many members of the demo app with points. */
export const LEADERBOARD_MEMBERS = 5_000;

/**
 * Gives 5,000 members of the demo app points (the other benches may have made many more members:
 * those keep none), adding confirmed members when it has fewer, each
 * with a standing row: points spread like a real event's (a few high, most low), levels 1–5.
 */
export const scoreBenchSetup: BenchSetup = async (db: Db) => {
  const demo = (await demoApps(db)).find((d) => d.app.key === 'demo');
  if (!demo) throw new Error('score bench: the demo app is missing');
  const appId = demo.app.id;
  const [have] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int n from users where app_id = ${appId} and email_confirmed_at is not null and deleted_at is null`,
  );
  const add = Math.max(0, LEADERBOARD_MEMBERS - (have?.n ?? 0));
  if (add > 0) {
    await db.execute(sql`
      insert into users (app_id, email, first_name, last_name, job_title, email_confirmed_at)
      select ${appId}, 'bench-board-' || i || '@example.test', 'Board', 'Member ' || i, 'Attendee', now()
      from generate_series(0, ${add - 1}) i`);
  }
  await db.execute(sql`
    insert into networking_members (user_id, app_id, points, level, badges, updated_at)
    select u.id, ${appId}, 50 * (1 + (u.id * 7919) % 120), 1 + (u.id % 5),
           case when u.id % 4 = 0 then array['meetmaster'] else '{}'::text[] end,
           now() - (u.id % 1000) * interval '1 minute'
    from (select id from users
          where app_id = ${appId} and email_confirmed_at is not null and deleted_at is null
          order by id limit ${LEADERBOARD_MEMBERS}) u
    on conflict (user_id) do update set points = greatest(networking_members.points, excluded.points)`);
  const [ranked] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int n from networking_members where app_id = ${appId} and points > 0`,
  );
  console.log(`  leaderboard bench: ${ranked?.n ?? 0} members with points in the demo app`);
  await db.execute(sql`analyze networking_members`);
  return {};
};

/** Issue target: the leaderboard over 5,000 members at 50 connections, p99 ≤ 50 ms. */
export const scoreBench: BenchScenario[] = [
  {
    name: 'GET networking leaderboard over 5,000 members',
    path: '/networking/{module:networking}/leaderboard',
    auth: 'access-token',
    minRps: 500,
    maxP99Ms: 50,
    minBareRatio: 0,
  },
];
