import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { hashToken, newToken } from '../../../lib/tokens.ts';
import type { BenchScenario, BenchSetup, LoadReport, LoadTest } from '../../../platform/module.ts';
import { apps } from '../../apps/apps.table.ts';

/** The bench's members app: this many members, and the CSV import's size. */
const BENCH = { members: 10_000, importRows: 10_000, seconds: 10, connections: 50 } as const;

/**
 * An app of its own with 10,000 members (bulk SQL, a second or two) and its owner's access token:
 * the bench signs in as an attendee, who has no console role, so the load run uses this token.
 */
export const membersBenchSetup: BenchSetup = async (db: Db) => {
  const [app] = await db
    .insert(apps)
    .values({ key: 'bench-members', name: 'Members bench', isPublished: true, isLocked: false, signupMode: 'invite' })
    .returning({ id: apps.id });
  if (!app) throw new Error('members bench: insert apps returned nothing');
  await db.execute(sql`
    insert into users (app_id, email, first_name, last_name, company, job_title, email_confirmed_at, is_admin, created_at)
    select ${app.id}, 'member' || i || '@bench.test',
           (array['Anna','Ben','Chiara','Dara','Emil','Fatma','Goran','Hana'])[1 + i % 8],
           'Member ' || lpad(i::text, 5, '0'), 'Company ' || (i % 500), 'Engineer',
           case when i % 10 = 0 then null else now() end, i = 1, now() - (i || ' minutes')::interval
    from generate_series(1, ${BENCH.members}) i`);
  const token = newToken();
  await db.execute(sql`
    insert into access_tokens (user_id, token_hash, expires_at)
    select id, ${hashToken(token)}, now() + interval '30 days' from users where app_id = ${app.id} and is_admin limit 1`);
  await db.execute(sql`analyze users`);
  return { membersApp: app.id, membersOwnerToken: token };
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * `connections` loops each sending the next request when the last answered, for `seconds` (a closed
 * loop, as autocannon runs; written here so that server code never imports the bench's tools).
 */
async function hammer(url: string, token: string, seconds: number) {
  const latencies: number[] = [];
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: BENCH.connections }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          const res = await fetch(url, { headers: { 'access-token': token }, signal: AbortSignal.timeout(10_000) });
          await res.arrayBuffer();
          if (!res.ok) failed++;
        } catch {
          failed++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(latencies.length / seconds),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    non2xx: failed,
    errors: 0,
  };
}

/**
 * The members list at 50 connections (first page, page 100, a search, a filter: p99 ≤ 50 ms), measured
 * by the bench's HTTP scenarios with the demo operator's console token (operators reach every app).
 */
const listScenario = (name: string, query: string): BenchScenario => ({
  name: `GET console members ${name}, 10,000 members`,
  path: `/console/api/apps/{bench:membersApp}/members${query}`,
  auth: 'console',
  minRps: 500,
  maxP99Ms: 50,
  minBareRatio: 0,
});
export const membersBench: BenchScenario[] = [
  listScenario('list', ''),
  listScenario('page 100', '?page=100'),
  listScenario('search', '?q=00042'),
  listScenario('filter invited', '?status=invited'),
];

/**
 * A CSV import of 10,000 new members (≤ 30 s, one transaction), then the list at 50 connections while
 * their invitation mails are being sent in the background (the API must not stall).
 */
export const membersLoadTest: LoadTest = async ({ base, vars, rssMb }) => {
  const appId = Number(vars.membersApp);
  const token = String(vars.membersOwnerToken);
  const list = `${base}/console/api/apps/${appId}/members`;
  const rows: string[][] = [];
  const csv = ['email,first_name,last_name,company,job_title'];
  for (let i = 0; i < BENCH.importRows; i++) csv.push(`import${i}@bench.test,Imported,Person ${i},Import Co,Guest`);
  const form = new FormData();
  form.append('file', new Blob([csv.join('\n')], { type: 'text/csv' }), 'members.csv');
  const t0 = performance.now();
  const res = await fetch(`${list}/import`, { method: 'POST', headers: { 'access-token': token }, body: form });
  const importMs = Math.round(performance.now() - t0);
  const answer = (await res.json().catch(() => ({}))) as { created?: number };
  console.log(`  members import of ${BENCH.importRows} rows: ${res.status} in ${importMs} ms, created ${answer.created ?? 0}`);
  rows.push([`CSV import ${BENCH.importRows} rows`, '', '', `${importMs} ms`, res.ok ? '0' : '1', `${Math.round(rssMb())} MB`]);
  const during = await hammer(list, token, 5);
  console.log(`  members list while invitations are mailed: p99 ${during.p99} ms`);
  rows.push(['list while mailing invitations', String(during.rps), `${during.p50} ms`, `${during.p99} ms`, String(during.non2xx), '']);
  const pass = res.ok && answer.created === BENCH.importRows && importMs <= 30_000;
  const report: LoadReport = {
    name: `Console members: CSV import, then the list (${BENCH.connections} connections) while the invitations are mailed`,
    columns: ['call', 'req/s', 'p50', 'p99 (import: time)', 'failed', 'server RSS'],
    rows,
    target: `import of ${BENCH.importRows} rows ≤ 30 s (${importMs} ms); the list keeps answering meanwhile`,
    pass,
  };
  return report;
};
