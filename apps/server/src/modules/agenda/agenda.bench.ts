import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { hashToken } from '../../lib/tokens.ts';
import { LeanSocket, numberAfter, percentile } from '../../platform/bench-socket.ts';
import { demoApps } from '../../platform/demo.ts';
import type { BenchScenario, BenchSetup, LoadReport, LoadTest } from '../../platform/module.ts';
import { appModules } from '../apps/apps.table.ts';

/**
 * Issue 10's big agenda, made only by `npm run bench`: a second agenda module of the demo app with
 * 500 sessions over 3 days in 5 tracks, 40 speakers and 5,000 attendees who each hold 12 sessions
 * in their schedule (Anna, the bench's reader, too). The load run connects 500 attendees to one
 * session's Q&A and asks questions over HTTP: the delay from the question's POST to its arrival at
 * every watcher.
 */
export const BIG_AGENDA = { sessions: 500, days: 3, tracks: 5, speakers: 40, attendees: 5_000, perSchedule: 12 };
const WATCHERS = 500;
const QUESTIONS = Number(process.env.BENCH_QA_QUESTIONS ?? 40);
const tokenOf = (i: number) => `bench-agenda-token-${i}`;

export const agendaBenchSetup: BenchSetup = async (db: Db) => {
  const demo = (await demoApps(db)).find((d) => d.app.key === 'demo');
  if (!demo) throw new Error('agenda bench: the demo app is missing');
  const appId = demo.app.id;
  const position = Math.max(0, ...demo.modules.map((m) => m.position)) + 1;
  const [mod] = await db
    .insert(appModules)
    .values({ appId, type: 'agenda', name: 'Big agenda (bench)', position, iconName: 'agenda' })
    .returning({ id: appModules.id });
  if (!mod) throw new Error('insert app_modules returned nothing');
  const moduleId = mod.id;
  const day0 = new Date();
  day0.setUTCHours(0, 0, 0, 0);
  day0.setUTCDate(day0.getUTCDate() + 1);
  const perDay = Math.ceil(BIG_AGENDA.sessions / BIG_AGENDA.days);
  await db.execute(sql`
    insert into agenda_tracks (app_id, app_module_id, name, color, position)
    select ${appId}, ${moduleId}, 'Track ' || t, '#2456d3', t from generate_series(1, ${BIG_AGENDA.tracks}) t`);
  await db.execute(sql`
    insert into agenda_speakers (app_id, app_module_id, name, job_title, company)
    select ${appId}, ${moduleId}, 'Speaker ' || s, 'Engineer', 'Company ' || (s % 7) from generate_series(1, ${BIG_AGENDA.speakers}) s`);
  // Session i: day i / perDay, from 08:00 UTC in 30-minute slots across the tracks.
  await db.execute(sql`
    with t as (select array_agg(id order by id) ids from agenda_tracks where app_module_id = ${moduleId})
    insert into agenda_sessions (app_id, app_module_id, track_id, title, description_html, description_text, location, starts_at, ends_at)
    select ${appId}, ${moduleId}, t.ids[1 + i % ${BIG_AGENDA.tracks}], 'Session ' || i || ': scaling the venue app',
           '<p>Talk number ' || i || '</p>', 'Talk number ' || i, 'Room ' || (1 + i % ${BIG_AGENDA.tracks}),
           ${day0.toISOString()}::timestamptz + make_interval(days => i / ${perDay}, mins => 480 + ((i % ${perDay}) / ${BIG_AGENDA.tracks}) * 30),
           ${day0.toISOString()}::timestamptz + make_interval(days => i / ${perDay}, mins => 480 + ((i % ${perDay}) / ${BIG_AGENDA.tracks}) * 30 + 25)
    from t, generate_series(0, ${BIG_AGENDA.sessions - 1}) i`);
  await db.execute(sql`
    with s as (select array_agg(id order by id) ids from agenda_speakers where app_module_id = ${moduleId})
    insert into agenda_session_speakers (session_id, speaker_id, position)
    select x.id, s.ids[1 + (x.id + k) % ${BIG_AGENDA.speakers}], k
    from s, agenda_sessions x, generate_series(0, 1) k where x.app_module_id = ${moduleId}`);
  const attendees = await queryRows<{ id: number }>(
    db,
    sql`insert into users (app_id, email, first_name, last_name, job_title, email_confirmed_at)
        select ${appId}, 'bench-agenda-' || i || '@example.test', 'Attendee', 'Number ' || i, 'Attendee', now()
        from generate_series(0, ${BIG_AGENDA.attendees - 1}) i
        returning id`,
  );
  const ids = attendees.map((u) => u.id).sort((x, y) => x - y);
  const tokens = ids.slice(0, WATCHERS).map((id, i) => ({ user_id: id, token_hash: hashToken(tokenOf(i)) }));
  await db.execute(sql`
    insert into access_tokens (user_id, token_hash, expires_at)
    select r.user_id, r.token_hash, now() + interval '1 day'
    from jsonb_to_recordset(${JSON.stringify(tokens)}::jsonb) as r(user_id int, token_hash text)`);
  // Each attendee (and Anna) holds perSchedule sessions spread over the three days.
  await db.execute(sql`
    with s as (select array_agg(id order by id) ids from agenda_sessions where app_module_id = ${moduleId}),
         who as (select id from users where app_id = ${appId} and (email like 'bench-agenda-%' or email = 'anna@demo.test'))
    insert into agenda_schedule (user_id, session_id, app_id)
    select who.id, s.ids[1 + (who.id * 7 + k * 41) % ${BIG_AGENDA.sessions}], ${appId}
    from s, who, generate_series(0, ${BIG_AGENDA.perSchedule - 1}) k
    on conflict do nothing`);
  await db.execute(sql`
    update agenda_sessions x set attendees_count = c.n
    from (select session_id, count(*)::int n from agenda_schedule group by session_id) c
    where c.session_id = x.id and x.app_module_id = ${moduleId}`);
  const [busy] = await queryRows<{ id: number }>(
    db,
    sql`select id from agenda_sessions where app_module_id = ${moduleId} order by id limit 1`,
  );
  await db.execute(sql`analyze`);
  const dayEnd = new Date(day0.getTime() + 86_400_000);
  return {
    agendaBig: moduleId,
    agendaBusySession: busy?.id ?? 0,
    agendaDayFrom: encodeURIComponent(day0.toISOString()),
    agendaDayTo: encodeURIComponent(dayEnd.toISOString()),
  };
};

/** Issue 10's targets at 50 connections on this machine: p99 ≤ 50 ms. */
export const agendaBench: BenchScenario[] = [
  {
    name: 'GET big agenda, one day (167 sessions)',
    path: '/agenda/{bench:agendaBig}/sessions?from={bench:agendaDayFrom}&to={bench:agendaDayTo}',
    auth: 'access-token',
    minRps: 1000,
    maxP99Ms: 50,
    minBareRatio: 0,
  },
  {
    name: 'GET big agenda, my schedule',
    path: '/agenda/{bench:agendaBig}/sessions?my=1',
    auth: 'access-token',
    minRps: 1000,
    maxP99Ms: 50,
    minBareRatio: 0,
  },
  {
    name: 'GET big agenda, overview',
    path: '/agenda/{bench:agendaBig}/overview?tz=Europe%2FVilnius',
    auth: 'access-token',
    minRps: 1000,
    maxP99Ms: 50,
    minBareRatio: 0,
  },
];

/** 500 watchers of one session; questions asked over HTTP by rotating askers, 250 ms apart. */
export const agendaLoadTest: LoadTest = async ({ base, vars, rssMb }) => {
  const moduleId = Number(vars.agendaBig);
  const sessionId = Number(vars.agendaBusySession);
  const sockets: LeanSocket[] = [];
  for (let i = 0; i < WATCHERS; i += 100) {
    sockets.push(
      ...(await Promise.all(Array.from({ length: Math.min(100, WATCHERS - i) }, (_, k) => LeanSocket.open(base, tokenOf(i + k))))),
    );
  }
  for (const s of sockets) s.emit('agendaWatch', { app_module_id: moduleId, session_id: sessionId, watch: true });
  await new Promise((r) => setTimeout(r, 2_000));
  const askedAt = new Map<string, number>();
  const receipts = new Map<string, number>();
  const latencies: number[] = [];
  for (const s of sockets) {
    s.onEvent = (frame) => {
      if (!frame.startsWith('42["agendaQuestion",')) return;
      const marker = frame.indexOf('Bench question ');
      const key = marker < 0 ? '' : String(numberAfter(`"q":${frame.slice(marker + 15)}`, 'q'));
      const at = askedAt.get(key);
      if (at === undefined) return;
      receipts.set(key, (receipts.get(key) ?? 0) + 1);
      latencies.push(performance.now() - at);
    };
  }
  let failed = 0;
  for (let q = 0; q < QUESTIONS; q++) {
    const key = String(q);
    askedAt.set(key, performance.now());
    const res = await fetch(`${base}/agenda/${moduleId}/sessions/${sessionId}/questions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'access-token': tokenOf(q % WATCHERS) },
      body: JSON.stringify({ text: `Bench question ${q} about the venue app` }),
    });
    if (!res.ok) failed++;
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 250));
  }
  await new Promise((r) => setTimeout(r, 3_000));
  for (const s of sockets) s.close();
  let lost = 0;
  for (const key of askedAt.keys()) lost += Math.max(0, WATCHERS - (receipts.get(key) ?? 0));
  latencies.sort((a, b) => a - b);
  const p50 = Math.round(percentile(latencies, 50));
  const p99 = Math.round(percentile(latencies, 99));
  console.log(`  Q&A: ${QUESTIONS} questions to ${WATCHERS} watchers, p50 ${p50} ms, p99 ${p99} ms, lost ${lost}, failed ${failed}`);
  const report: LoadReport = {
    name: 'Agenda Q&A over Socket.IO (500 watchers of one session, a question every 250 ms)',
    columns: ['watchers', 'questions', 'deliveries', 'p50', 'p99', 'lost', 'failed', 'server RSS'],
    rows: [
      [
        String(WATCHERS),
        String(QUESTIONS),
        String(latencies.length),
        `${p50} ms`,
        `${p99} ms`,
        String(lost),
        String(failed),
        `${Math.round(rssMb())} MB`,
      ],
    ],
    target: 'every question reaches all 500 watchers (0 lost); p99 delivery ≤ 100 ms',
    pass: lost === 0 && failed === 0 && p99 <= 100,
  };
  return report;
};
