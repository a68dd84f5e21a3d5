import type { ImportPreview, ImportResult } from '@app/contract/schemas/console-agenda-import';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { percentile } from '../../../platform/bench-socket.ts';
import { demoApps } from '../../../platform/demo.ts';
import type { BenchSetup, LoadTest } from '../../../platform/module.ts';
import { writeScheduleFrab } from '../../agenda/interchange/schedule.frab.ts';
import type { Schedule } from '../../agenda/interchange/schedule.model.ts';
import { appModules } from '../../apps/apps.table.ts';

/**
 * "Import of a 1,000-session schedule with 500 speakers (target ≤ 10 s on this machine, the API
 * answering meanwhile)" (issue 25): `npm run bench` (BENCH_ONLY="agenda-import load") adds an empty
 * agenda module to the demo app; the demo owner uploads a generated Frab XML schedule of 1,000
 * sessions, 500 speakers, 20 rooms and 8 tracks over 3 days, previews it and confirms it. Measured:
 * preview and confirm times, and the p50/p99 of a light console read by a few workers meanwhile
 * against the same read at rest; then a re-import of the same file (must change nothing).
 */
export const IMPORT_BENCH = { sessions: 1_000, speakers: 500, rooms: 20, tracks: 8, lightWorkers: 4, restMs: 2_000, targetMs: 10_000 };

export const agendaImportBenchSetup: BenchSetup = async (db: Db) => {
  const demo = (await demoApps(db)).find((d) => d.app.key === 'demo');
  if (!demo) throw new Error('agenda import bench: the demo app is missing');
  const [mod] = await db
    .insert(appModules)
    .values({
      appId: demo.app.id,
      type: 'agenda',
      name: 'Imported agenda (bench)',
      iconName: 'agenda',
      position: sql`(select coalesce(max(${appModules.position}), 0) + 1 from ${appModules} where ${appModules.appId} = ${demo.app.id})`,
    })
    .returning({ id: appModules.id });
  if (!mod) throw new Error('agenda import bench: no module made');
  return { importApp: demo.app.id, importModule: mod.id };
};

/** A generated conference: 3 days from 09:00 Berlin, 20 rooms, sessions of 45 minutes, 1–2 speakers each. */
export function benchSchedule(): Schedule {
  const rooms = Array.from({ length: IMPORT_BENCH.rooms }, (_, i) => ({ key: `Room ${i + 1}`, name: `Room ${i + 1}` }));
  const tracks = Array.from({ length: IMPORT_BENCH.tracks }, (_, i) => ({
    key: `Track ${i + 1}`,
    name: `Track ${i + 1}`,
    color: '#1e88e5',
  }));
  const speakers = Array.from({ length: IMPORT_BENCH.speakers }, (_, i) => ({ key: `p${i + 1}`, name: `Speaker ${i + 1}` }));
  const perDay = Math.ceil(IMPORT_BENCH.sessions / 3);
  const sessions = Array.from({ length: IMPORT_BENCH.sessions }, (_, i) => {
    const day = Math.floor(i / perDay);
    const slot = Math.floor((i % perDay) / IMPORT_BENCH.rooms);
    const start = new Date(Date.UTC(2030, 4, 14 + day, 7, 0) + slot * 50 * 60_000);
    return {
      key: `bench-${i + 1}`,
      title: `Session ${i + 1}: on imports at scale`,
      description: `Abstract of session ${i + 1}.\n\nSecond paragraph.`,
      start,
      end: new Date(start.getTime() + 45 * 60_000),
      roomKey: `Room ${(i % IMPORT_BENCH.rooms) + 1}`,
      trackKey: `Track ${(i % IMPORT_BENCH.tracks) + 1}`,
      speakerKeys:
        i % 2
          ? [`p${(i % IMPORT_BENCH.speakers) + 1}`]
          : [`p${(i % IMPORT_BENCH.speakers) + 1}`, `p${((i + 7) % IMPORT_BENCH.speakers) + 1}`],
    };
  });
  return { title: 'Bench conference', timeZone: 'Europe/Berlin', tracks, rooms, speakers, sessions };
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function lightLoad(url: string, token: string) {
  const latencies: number[] = [];
  let running = true;
  let failed = 0;
  const worker = async () => {
    while (running) {
      const t0 = performance.now();
      const res = await fetch(url, { headers: { 'access-token': token } }).catch(() => null);
      if (!res?.ok) failed++;
      await res?.arrayBuffer();
      latencies.push(performance.now() - t0);
    }
  };
  const done = Promise.all(Array.from({ length: IMPORT_BENCH.lightWorkers }, worker));
  return {
    async stop() {
      running = false;
      await done;
      return { latencies, failed };
    },
  };
}

const ms = (v: number) => `${v.toFixed(0)} ms`;
const p = (l: number[], q: number) =>
  percentile(
    [...l].sort((a, b) => a - b),
    q,
  );

export const agendaImportLoadTest: LoadTest = async ({ base, vars, rssMb }) => {
  const login = await json<{ access_token: string }>(
    await fetch(`${base}/console/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234!', app: 'demo' }),
    }),
  );
  const token = login.access_token;
  const api = `${base}/console/api/apps/${vars.importApp}/agenda-import/${vars.importModule}`;
  const light = `${base}/console/api/apps/${vars.importApp}/menu`;
  const xml = writeScheduleFrab(benchSchedule(), 'Europe/Berlin');

  const upload = async () => {
    const form = new FormData();
    form.append('file', new Blob([xml], { type: 'application/xml' }), 'schedule.xml');
    const t0 = performance.now();
    const preview = await json<ImportPreview>(
      await fetch(`${api}/schedule/preview?time_zone=Europe/Berlin`, { method: 'POST', headers: { 'access-token': token }, body: form }),
    );
    const previewMs = performance.now() - t0;
    const t1 = performance.now();
    const result = await json<ImportResult>(
      await fetch(`${api}/confirm`, {
        method: 'POST',
        headers: { 'access-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ token: preview.token }),
      }),
    );
    return { preview, result, previewMs, confirmMs: performance.now() - t1, totalMs: performance.now() - t0 };
  };

  const rest = lightLoad(light, token);
  await new Promise((r) => setTimeout(r, IMPORT_BENCH.restMs));
  const atRest = await rest.stop();

  const during = lightLoad(light, token);
  const first = await upload();
  const busy = await during.stop();
  const peakRss = rssMb();
  const again = await upload();
  const changedAgain = Object.values(again.result).reduce((n, c) => n + c.created + c.changed + c.removed, 0);

  const rows = [
    [
      'file',
      `Frab XML, ${(xml.length / 1024).toFixed(0)} KB: ${IMPORT_BENCH.sessions} sessions, ${IMPORT_BENCH.speakers} speakers, ${IMPORT_BENCH.rooms} rooms`,
    ],
    ['preview (upload, parse, compare) answered in', ms(first.previewMs)],
    ['confirm (one transaction) answered in', ms(first.confirmMs)],
    ['import in all', ms(first.totalMs)],
    ['created: sessions, speakers', `${first.result.sessions.created}, ${first.result.speakers.created}`],
    ['re-import of the same file: in all, rows changed', `${ms(again.totalMs)}, ${changedAgain}`],
    ['GET …/menu at rest: calls, p50, p99', `${atRest.latencies.length}, ${ms(p(atRest.latencies, 50))}, ${ms(p(atRest.latencies, 99))}`],
    [
      'GET …/menu during the import: calls, p50, p99, failed',
      `${busy.latencies.length}, ${ms(p(busy.latencies, 50))}, ${ms(p(busy.latencies, 99))}, ${busy.failed}`,
    ],
    ['server RSS after the import', `${peakRss.toFixed(0)} MB`],
  ];
  const pass =
    first.totalMs <= IMPORT_BENCH.targetMs &&
    first.result.sessions.created === IMPORT_BENCH.sessions &&
    changedAgain === 0 &&
    busy.failed === 0 &&
    busy.latencies.length > 0;
  return {
    name: 'Agenda import: 1,000 sessions and 500 speakers from Frab XML, preview and confirm',
    columns: ['measure', 'value'],
    rows,
    target: `the import within 10 s (${ms(first.totalMs)}), every session created, a re-import changes nothing (${changedAgain}), the API answering meanwhile (p99 ${ms(p(busy.latencies, 99))}, ${busy.failed} failed)`,
    pass,
  };
};
