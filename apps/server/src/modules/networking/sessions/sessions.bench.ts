import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { hashToken } from '../../../lib/tokens.ts';
import { LeanSocket, numberAfter, percentile } from '../../../platform/bench-socket.ts';
import { demoApps } from '../../../platform/demo.ts';
import type { BenchSetup, LoadReport, LoadTest } from '../../../platform/module.ts';
import { pairRound } from './pairing.ts';

/**
 * The speed networking load run (`npm run bench`, BENCH_ONLY="networking-sessions load"): 2,000
 * members of the demo app connected over Socket.IO and joined to one session; the owner starts it;
 * measured: the start call (pairing, 2,000 seats and points in one transaction), the delivery of
 * the round's start to every socket (target p99 ≤ 250 ms), the pairing alone for 2,000 members with
 * three rounds of history (target < 200 ms), and every member's page reload after the event
 * (spread over 0.8 s + 2 ms per member, at most 5 s, as the web app does).
 */
const CLIENTS = Number(process.env.BENCH_SESSIONS_CLIENTS ?? 2000);
const tokenOf = (i: number) => `bench-sessions-token-${i}`;
const OWNER_TOKEN = 'bench-sessions-owner';

export const sessionsBenchSetup: BenchSetup = async (db: Db) => {
  const demo = (await demoApps(db)).find((d) => d.app.key === 'demo');
  const mod = demo?.byType('networking');
  if (!demo || !mod) throw new Error('sessions bench: the demo app has no networking module');
  const appId = demo.app.id;
  const users = await queryRows<{ id: number }>(
    db,
    sql`insert into users (app_id, email, first_name, last_name, job_title, email_confirmed_at)
        select ${appId}, 'bench-speed-' || i || '@example.test', 'Speed', 'Member ' || i, 'Load tester', now()
        from generate_series(0, ${CLIENTS - 1}) i
        returning id`,
  );
  const ids = users.map((u) => u.id).sort((x, y) => x - y);
  const rows = ids.map((id, i) => ({ user_id: id, token_hash: hashToken(tokenOf(i)) }));
  const [owner] = await queryRows<{ id: number }>(db, sql`select id from users where app_id = ${appId} and email = 'admin@demo.test'`);
  if (owner) rows.push({ user_id: owner.id, token_hash: hashToken(OWNER_TOKEN) });
  await db.execute(sql`
    insert into access_tokens (user_id, token_hash, expires_at)
    select r.user_id, r.token_hash, now() + interval '1 day'
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(user_id int, token_hash text)`);
  const [session] = await queryRows<{ id: number }>(
    db,
    sql`insert into networking_sessions (app_id, app_module_id, title, mode, group_size, starts_at, rounds, round_seconds)
        values (${appId}, ${mod.id}, 'Bench speed networking', 'speed', 2, now() + interval '1 day', 3, 300)
        returning id`,
  );
  await db.execute(sql`
    insert into networking_session_members (session_id, user_id)
    select ${session?.id ?? 0}, u from unnest(${`{${ids.join(',')}}`}::int[]) u`);
  await db.execute(sql`analyze`);
  return { sessionsBenchModule: mod.id, sessionsBenchSession: session?.id ?? 0 };
};

/** The pairing alone, as a round of the run computes it: 2,000 members, three earlier rounds. */
function pairingMs(n: number): number {
  const people = Array.from({ length: n }, (_, i) => 10_000 + i);
  const history: number[][] = [];
  for (let r = 1; r <= 3; r++) history.push(...pairRound({ participants: people, history, groupSize: 2, seed: r }));
  const runs: number[] = [];
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    pairRound({ participants: people, history, groupSize: 2, seed: 100 + k });
    runs.push(performance.now() - t0);
  }
  return Math.max(...runs);
}

export const sessionsLoadTest: LoadTest = async ({ base, vars, rssMb }) => {
  const moduleId = Number(vars.sessionsBenchModule);
  const sessionId = Number(vars.sessionsBenchSession);
  const sockets: LeanSocket[] = [];
  for (let i = 0; i < CLIENTS; i += 100)
    sockets.push(
      ...(await Promise.all(Array.from({ length: Math.min(100, CLIENTS - i) }, (_, k) => LeanSocket.open(base, tokenOf(i + k))))),
    );
  const got = new Array<number>(CLIENTS).fill(-1);
  let sentAt = 0;
  sockets.forEach((s, i) => {
    s.onEvent = (frame) => {
      if (!frame.startsWith('42["speedNetworking",') || got[i] !== -1) return;
      if (numberAfter(frame, 'round') === 1 && frame.includes('"state":"running"')) got[i] = performance.now() - sentAt;
    };
  });
  sentAt = performance.now();
  const res = await fetch(`${base}/networking/${moduleId}/sessions/${sessionId}/start`, {
    method: 'POST',
    headers: { 'access-token': OWNER_TOKEN, 'app-key': 'demo' },
  });
  const startMs = performance.now() - sentAt;
  const startOk = res.ok;
  await res.text();
  const deadline = performance.now() + 10_000;
  while (got.some((g) => g < 0) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const received = got.filter((g) => g >= 0);
  // Delivery from the moment the server announced (the start answer's arrival bounds it from above):
  // each receipt minus the earliest one, and from the request's send.
  const sorted = [...received].sort((a, b) => a - b);
  const first = sorted[0] ?? 0;
  const spread = sorted.map((g) => g - first);
  // Every member's page asks for its seat, spread over 0.8 s (the web app's jitter).
  const reload: number[] = [];
  const failedBy = new Map<string, number>();
  await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) =>
      new Promise<void>((resolve) => setTimeout(resolve, Math.random() * Math.min(800 + CLIENTS * 2, 5000))).then(async () => {
        const t0 = performance.now();
        const r = await fetch(`${base}/networking/${moduleId}/sessions/speed`, {
          headers: { 'access-token': tokenOf(i), 'app-key': 'demo' },
        }).catch(() => undefined);
        if (!r?.ok) failedBy.set(String(r?.status ?? 'network'), (failedBy.get(String(r?.status ?? 'network')) ?? 0) + 1);
        await r?.text();
        reload.push(performance.now() - t0);
      }),
    ),
  );
  for (const s of sockets) s.close();
  reload.sort((a, b) => a - b);
  const pair = pairingMs(CLIENTS);
  const p99 = percentile(spread, 99);
  const report: LoadReport = {
    name: `Speed networking: ${CLIENTS} members, a round starts`,
    columns: ['figure', 'value'],
    rows: [
      ['start call (pairing, seats, points, commit)', `${Math.round(startMs)} ms${startOk ? '' : ' (FAILED)'}`],
      ['sockets that got the round start', `${received.length} / ${CLIENTS}`],
      [
        'delivery from request: p50 / p99 / max',
        `${Math.round(percentile(sorted, 50))} / ${Math.round(percentile(sorted, 99))} / ${Math.round(sorted.at(-1) ?? 0)} ms`,
      ],
      ['delivery spread after the first receipt: p50 / p99', `${Math.round(percentile(spread, 50))} / ${Math.round(p99)} ms`],
      ['pairing alone (2,000, three rounds of history), worst of 5', `${pair.toFixed(1)} ms`],
      [
        'page reloads after the event: p50 / p99 (failed)',
        `${Math.round(percentile(reload, 50))} / ${Math.round(percentile(reload, 99))} ms (failed: ${[...failedBy].map(([k, v]) => `${v}× ${k}`).join(', ') || 'none'})`,
      ],
      ['server RSS', `${Math.round(rssMb())} MB`],
    ],
    target: `round start delivered to all: p99 ≤ 250 ms after the announcement (reached ${Math.round(p99)} ms); pairing < 200 ms (reached ${pair.toFixed(1)} ms)`,
    pass: startOk && received.length === CLIENTS && p99 <= 250 && pair < 200,
  };
  return report;
};
