import {
  VITAL_METRICS,
  VITALS_DEFAULT_SAMPLE_RATE,
  type VitalDevice,
  type VitalItem,
  type VitalMetric,
  type VitalsReport,
} from '@app/contract/schemas/vitals';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { batchPerDatabase } from '../../lib/write-batch.ts';
import { defineCache } from '../../platform/caches.ts';
import { audit } from '../console/console.audit.ts';
import type { ConsoleActor } from '../console/console.policy.ts';
import { bucketOf, summarise } from './vitals.histogram.ts';
import { addCounts, type BucketCount, bucketSums, pruneBefore, sampleRateOf, setSampleRate } from './vitals.queries.ts';

const DAY = 86_400_000;
/** Days of histograms kept (the console asks for at most 90). */
export const VITALS_KEEP_DAYS = 90;
/** Distinct route patterns an app keeps per day; the attendee app has about 60 screens, a few dozen are used. */
export const VITALS_ROUTES_MAX = 80;
/** Routes the console's report lists at most (most sampled first). */
const REPORT_ROUTES_MAX = 50;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** A batch's samples as bucket counts of one day, merged by key. */
export function countsOf(appId: number, items: readonly VitalItem[], now = new Date()): BucketCount[] {
  const day = isoDay(now);
  const byKey = new Map<string, BucketCount>();
  for (const i of items) {
    const bucket = bucketOf(i.metric, i.value);
    const key = `${i.route}|${i.metric}|${i.device}|${bucket}`;
    const hit = byKey.get(key);
    if (hit) hit.n += 1;
    else byKey.set(key, { appId, day, route: i.route, metric: i.metric, device: i.device, bucket, n: 1 });
  }
  return [...byKey.values()];
}

/** Merges the counts of several beacons (one statement may touch a row once). */
function merge(batches: BucketCount[][]): BucketCount[] {
  const byKey = new Map<string, BucketCount>();
  for (const rows of batches)
    for (const r of rows) {
      const key = `${r.appId}|${r.day}|${r.route}|${r.metric}|${r.device}|${r.bucket}`;
      const hit = byKey.get(key);
      if (hit) hit.n += r.n;
      else byKey.set(key, { ...r });
    }
  return [...byKey.values()];
}

/** Beacons arriving together are written in one statement (group commit, lib/write-batch.ts). */
const writeCounts = batchPerDatabase(async (db: Db, batches: BucketCount[][]) => {
  await addCounts(db, merge(batches), VITALS_ROUTES_MAX);
  return batches.map(() => undefined);
});

/** When each database last dropped its old days: at most once an hour per node. */
const lastPrune = new WeakMap<Db, number>();

async function pruneNowAndThen(ctx: Ctx, now: Date) {
  const last = lastPrune.get(ctx.db) ?? 0;
  if (now.getTime() - last < 3_600_000) return;
  lastPrune.set(ctx.db, now.getTime());
  await pruneBefore(ctx.db, isoDay(new Date(now.getTime() - VITALS_KEEP_DAYS * DAY)));
}

/** Adds one beacon's samples to the app's histograms of today (UTC). */
export async function recordVitals(ctx: Ctx, appId: number, items: readonly VitalItem[], now = new Date()): Promise<void> {
  await writeCounts(ctx.db, countsOf(appId, items, now));
  await pruneNowAndThen(ctx, now).catch((err: unknown) => ctx.log.warn({ err }, 'vitals: old days not dropped'));
}

/** Sample rates by app id: every page load asks for its app's. */
const sampleRates = defineCache('vitals-rates', () => new TtlCache<number>(60_000, 10_000));

export async function sampleRate(ctx: Ctx, appId: number): Promise<number> {
  const cache = ctx.caches.get(sampleRates);
  const key = `${appId}:`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const epoch = cache.epoch;
  const rate = (await sampleRateOf(ctx.db, appId)) ?? VITALS_DEFAULT_SAMPLE_RATE;
  cache.setIfUnchanged(key, rate, epoch);
  return rate;
}

/** Sets an app's sample rate (audited); every node forgets the old one. */
export async function changeSampleRate(ctx: Ctx, actor: ConsoleActor, appId: number, rate: number): Promise<number> {
  const before = await sampleRate(ctx, appId);
  await ctx.db.transaction(async (tx) => {
    await setSampleRate(tx, appId, rate);
    await audit(tx, actor, {
      appId,
      action: 'vitals.sample_rate',
      targetType: 'app',
      targetId: appId,
      before: { sample_rate: before },
      after: { sample_rate: rate },
    });
  });
  ctx.bus.publish({ t: 'cache', name: sampleRates.name, prefix: `${appId}:` });
  return rate;
}

/** p75 per route and metric over the last `days` days (today included, UTC), with Google's ratings. */
export async function vitalsReport(
  ctx: Ctx,
  appId: number,
  days: number,
  device: VitalDevice | 'all',
  now = new Date(),
): Promise<VitalsReport> {
  const today = new Date(Math.floor(now.getTime() / DAY) * DAY);
  const from = isoDay(new Date(today.getTime() - (days - 1) * DAY));
  const to = isoDay(today);
  const rows = await bucketSums(ctx.db, appId, from, to, device);
  const byRoute = new Map<string, Map<VitalMetric, Array<{ bucket: number; n: number }>>>();
  const overall = new Map<VitalMetric, Map<number, number>>();
  for (const r of rows) {
    if (!VITAL_METRICS.includes(r.metric)) continue;
    const metrics = byRoute.get(r.route) ?? new Map<VitalMetric, Array<{ bucket: number; n: number }>>();
    byRoute.set(r.route, metrics);
    const list = metrics.get(r.metric) ?? [];
    metrics.set(r.metric, list);
    list.push({ bucket: r.bucket, n: r.n });
    const all = overall.get(r.metric) ?? new Map<number, number>();
    overall.set(r.metric, all);
    all.set(r.bucket, (all.get(r.bucket) ?? 0) + r.n);
  }
  const routes = [...byRoute.entries()].map(([route, metrics]) => {
    const list = VITAL_METRICS.flatMap((m) => {
      const buckets = metrics.get(m);
      return buckets ? [summarise(m, buckets)] : [];
    });
    return { route, samples: Math.max(0, ...list.map((m) => m.samples)), metrics: list };
  });
  routes.sort((a, b) => b.samples - a.samples || a.route.localeCompare(b.route));
  return {
    days,
    from,
    to,
    device,
    sample_rate: await sampleRate(ctx, appId),
    overall: VITAL_METRICS.flatMap((m) => {
      const all = overall.get(m);
      return all
        ? [
            summarise(
              m,
              [...all.entries()].map(([bucket, n]) => ({ bucket, n })),
            ),
          ]
        : [];
    }),
    routes: routes.slice(0, REPORT_ROUTES_MAX),
  };
}
