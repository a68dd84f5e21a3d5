import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { demoApps } from '../../../platform/demo.ts';
import type { BenchScenario, BenchSetup } from '../../../platform/module.ts';
import { appModules } from '../../apps/apps.table.ts';

/**
 * Issue 25's grid: a third agenda module of the demo app, made only by `npm run bench`, a 3-day,
 * 20-room conference: 10 slots of 45 minutes a day in every room (600 sessions), 300 speakers
 * with one or two sessions' worth each, 8 tracks, a tenth of the sessions drafts. The scenario is
 * the console's grid call for it (every session, the rooms, tracks, speakers and the conflicts).
 */
export const GRID_BENCH = { days: 3, rooms: 20, slots: 10, tracks: 8, speakers: 300 };

export const consoleAgendaBenchSetup: BenchSetup = async (db: Db) => {
  const demo = (await demoApps(db)).find((d) => d.app.key === 'demo');
  if (!demo) throw new Error('console agenda bench: the demo app is missing');
  const appId = demo.app.id;
  const position = Math.max(0, ...demo.modules.map((m) => m.position)) + 10;
  const [mod] = await db
    .insert(appModules)
    .values({ appId, type: 'agenda', name: 'Conference grid (bench)', position, iconName: 'agenda' })
    .returning({ id: appModules.id });
  if (!mod) throw new Error('insert app_modules returned nothing');
  const moduleId = mod.id;
  const day0 = new Date();
  day0.setUTCHours(0, 0, 0, 0);
  day0.setUTCDate(day0.getUTCDate() + 7);
  const { days, rooms, slots, tracks, speakers } = GRID_BENCH;
  await db.execute(sql`
    insert into agenda_tracks (app_id, app_module_id, name, color, position)
    select ${appId}, ${moduleId}, 'Track ' || t, '#2456d3', t from generate_series(1, ${tracks}) t`);
  await db.execute(sql`
    insert into agenda_rooms (app_id, app_module_id, name, capacity, position)
    select ${appId}, ${moduleId}, 'Room ' || r, 100 + r * 10, r from generate_series(1, ${rooms}) r`);
  await db.execute(sql`
    insert into agenda_speakers (app_id, app_module_id, name, job_title, company, bio_html)
    select ${appId}, ${moduleId}, 'Speaker ' || s, 'Engineer', 'Company ' || (s % 17), '<p>Speaks about things.</p>'
    from generate_series(1, ${speakers}) s`);
  // Session (d, slot, room): day d from 08:00 UTC, 45 minutes a slot, in room r.
  await db.execute(sql`
    with t as (select array_agg(id order by id) ids from agenda_tracks where app_module_id = ${moduleId}),
         r as (select array_agg(id order by id) ids, array_agg(name order by id) names from agenda_rooms where app_module_id = ${moduleId})
    insert into agenda_sessions (app_id, app_module_id, track_id, room_id, title, description_html, description_text, location,
                                 starts_at, ends_at, draft, capacity)
    select ${appId}, ${moduleId}, t.ids[1 + (d * 7 + k + ro) % ${tracks}], r.ids[ro], 'Talk ' || d || '-' || k || '-' || ro,
           '<p>A talk.</p>', 'A talk.', r.names[ro],
           ${day0.toISOString()}::timestamptz + make_interval(days => d, mins => 480 + k * 45),
           ${day0.toISOString()}::timestamptz + make_interval(days => d, mins => 480 + k * 45 + 40),
           (d * 7 + k * 3 + ro) % 10 = 0, 100
    from t, r, generate_series(0, ${days - 1}) d, generate_series(0, ${slots - 1}) k, generate_series(1, ${rooms}) ro`);
  // One or two speakers a session; a few speakers end up twice in one slot (conflicts to compute).
  await db.execute(sql`
    with s as (select array_agg(id order by id) ids from agenda_speakers where app_module_id = ${moduleId})
    insert into agenda_session_speakers (session_id, speaker_id, position)
    select x.id, s.ids[1 + (x.id * 13 + k * 101) % ${speakers}], k
    from s, agenda_sessions x, generate_series(0, 1) k
    where x.app_module_id = ${moduleId} and (k = 0 or x.id % 3 = 0)
    on conflict do nothing`);
  await db.execute(sql`analyze`);
  return { consoleAgendaApp: appId, consoleAgendaModule: moduleId };
};

export const consoleAgendaBench: BenchScenario[] = [
  {
    name: 'GET console agenda grid (3 days, 20 rooms, 600 sessions)',
    path: '/console/api/apps/{bench:consoleAgendaApp}/agenda/{bench:consoleAgendaModule}/grid',
    auth: 'console',
    minRps: 300,
    maxP99Ms: 50,
    minBareRatio: 0,
  },
];
