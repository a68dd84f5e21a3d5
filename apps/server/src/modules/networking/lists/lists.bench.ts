import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { hashToken } from '../../../lib/tokens.ts';
import { percentile } from '../../../platform/bench-socket.ts';
import { demoApps } from '../../../platform/demo.ts';
import type { BenchScenario, BenchSetup, LoadTest } from '../../../platform/module.ts';

/**
 * The lists bench (issue 23: 5,000 members with profiles, the New list at 50 connections, p99 ≤ 50 ms).
 * The directory bench already fills the demo app up to 10,000 listed members with interests; this
 * adds "looking for" and topics to those without, so complementary pairs and topics score too, and
 * access tokens for READERS members, so the load run asks New as many different readers (each
 * reader's ranking is computed once, then cached; a page cache lives 5 s).
 */
const READERS = 200;
const CONNECTIONS = 50;
const DURATION_MS = 10_000;
const LOOKING = ['AI', 'Data', 'Design', 'Fintech', 'Investing', 'Startups', 'Cloud', 'Security', 'Marketing', 'Sales'];
const TOPICS = ['Hiring', 'Pricing', 'Remote work', 'Open source', 'Climate', 'Community'];
const tokenOf = (i: number) => `bench-lists-token-${i}`;

export const listsBenchSetup: BenchSetup = async (db: Db) => {
  const demo = (await demoApps(db)).find((d) => d.app.key === 'demo');
  if (!demo) throw new Error('lists bench: the demo app is missing');
  const appId = demo.app.id;
  await db.execute(sql`
    update user_profiles p
    set looking_for = jsonb_build_array(${JSON.stringify(LOOKING)}::jsonb -> (p.user_id % ${LOOKING.length})),
        topics = jsonb_build_array(${JSON.stringify(TOPICS)}::jsonb -> ((p.user_id / 5) % ${TOPICS.length}))
    where p.app_id = ${appId} and p.looking_for = '[]'::jsonb`);
  const readers = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u where u.app_id = ${appId} and u.email_confirmed_at is not null and u.deleted_at is null
        and u.blocked_at is null and u.email not like '%@demo.test' order by u.id desc limit ${READERS}`,
  );
  const tokens = readers.map((r, i) => ({ user_id: r.id, token_hash: hashToken(tokenOf(i)) }));
  await db.execute(sql`
    insert into access_tokens (user_id, token_hash, expires_at)
    select r.user_id, r.token_hash, now() + interval '1 day'
    from jsonb_to_recordset(${JSON.stringify(tokens)}::jsonb) as r(user_id int, token_hash text)`);
  const [n] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int n from users where app_id = ${appId} and email_confirmed_at is not null and deleted_at is null`,
  );
  console.log(`  lists bench: ${n?.n ?? 0} members in the demo app, ${tokens.length} readers`);
  return { listsReaders: tokens.length };
};

/** One reader (the demo login): after the first request its ranking and pages are cached. */
export const listsBench: BenchScenario[] = [
  {
    name: 'GET networking New list (one reader, cached ranking)',
    path: '/networking/{module:networking}/lists/new',
    auth: 'access-token',
    minRps: 1000,
    maxP99Ms: 50,
    minBareRatio: 0,
  },
  {
    name: 'GET networking All list with a search and the level filter',
    path: '/networking/{module:networking}/lists/all?q=data&level=1',
    auth: 'access-token',
    minRps: 1000,
    maxP99Ms: 50,
    minBareRatio: 0,
  },
];

/** New as READERS different members at 50 connections for 10 s, pages 1 and 2 (cursor). */
export const listsLoadTest: LoadTest = async ({ base, vars, rssMb }) => {
  const readers = Number(vars.listsReaders) || 0;
  const menu = (await (await fetch(`${base}/user/app-menu`, { headers: { 'access-token': tokenOf(0) } })).json()) as {
    menu?: Array<{ type: string; app_module_id: number }>;
  };
  const hub = menu.menu?.find((m) => m.type === 'networking')?.app_module_id;
  if (!hub || readers === 0) throw new Error('lists load: no networking module or no readers');
  let failed = 0;
  const cursors = new Map<number, string>();
  const ask = async (i: number, cursor?: string) => {
    const at = performance.now();
    const res = await fetch(`${base}/networking/${hub}/lists/new${cursor ? `?cursor=${cursor}` : ''}`, {
      headers: { 'access-token': tokenOf(i) },
    });
    const body = (await res.json()) as { next?: string | null; items?: Array<{ reason: unknown }> };
    if (!res.ok || !body.items) failed++;
    else if (body.next) cursors.set(i, body.next);
    return performance.now() - at;
  };
  // Cold: every reader's first page (their marks, contacts and ranking are made), 50 at a time.
  const cold: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < readers) cold.push(await ask(next++));
    }),
  );
  // Warm: pages 1 and 2 of any reader for DURATION_MS.
  const latencies: number[] = [];
  const until = performance.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const i = next++ % readers;
        latencies.push(await ask(i, next % 3 === 0 ? cursors.get(i) : undefined));
      }
    }),
  );
  cold.sort((a, b) => a - b);
  const coldP99 = Math.round(percentile(cold, 99));
  console.log(`  lists New, cold first pages of ${readers} readers: p50 ${Math.round(percentile(cold, 50))} ms, p99 ${coldP99} ms`);
  latencies.sort((a, b) => a - b);
  const p50 = Math.round(percentile(latencies, 50));
  const p99 = Math.round(percentile(latencies, 99));
  const rps = Math.round(latencies.length / (DURATION_MS / 1000));
  console.log(
    `  lists New: ${readers} readers, ${latencies.length} requests, ${rps} req/s, p50 ${p50} ms, p99 ${p99} ms, failed ${failed}`,
  );
  return {
    name: `Networking New list, ${readers} different readers at ${CONNECTIONS} connections (pages 1 and 2)`,
    columns: ['readers', 'cold first page p99', 'requests', 'req/s', 'p50', 'p99', 'failed', 'server RSS'],
    rows: [
      [
        String(readers),
        `${coldP99} ms`,
        String(latencies.length),
        String(rps),
        `${p50} ms`,
        `${p99} ms`,
        String(failed),
        `${Math.round(rssMb())} MB`,
      ],
    ],
    target: 'New list p99 ≤ 50 ms at 50 connections once each reader was asked once, no failures',
    pass: failed === 0 && p99 <= 50,
  };
};
