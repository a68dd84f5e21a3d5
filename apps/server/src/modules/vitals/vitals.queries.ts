import type { VitalDevice, VitalMetric } from '@app/contract/schemas/vitals';
import { and, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { vitalsBuckets, vitalsSettings } from './vitals.table.ts';

/** One bucket's count to add: the key of a histogram row and how many samples it gains. */
export interface BucketCount {
  appId: number;
  day: string;
  route: string;
  metric: VitalMetric;
  device: VitalDevice;
  bucket: number;
  n: number;
}

/**
 * Adds the counts in one statement (rows are merged by key beforehand: one statement may not update
 * a row twice). A route an app has not had that day is taken only while the app has fewer than
 * `routesMax` routes that day: forged route patterns cannot grow the table without end.
 */
export async function addCounts(db: Db, rows: BucketCount[], routesMax: number): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) => sql`(${r.appId}::int, ${r.day}::date, ${r.route}::text, ${r.metric}::text, ${r.device}::text, ${r.bucket}::int, ${r.n}::int)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${vitalsBuckets} (app_id, day, route, metric, device, bucket, n)
    select v.app_id, v.day, v.route, v.metric, v.device, v.bucket, v.n
    from (values ${values}) as v(app_id, day, route, metric, device, bucket, n)
    where exists (select 1 from ${vitalsBuckets} b where b.app_id = v.app_id and b.day = v.day and b.route = v.route)
       or (select count(distinct b.route) from ${vitalsBuckets} b where b.app_id = v.app_id and b.day = v.day) < ${routesMax}
    on conflict (app_id, day, route, metric, device, bucket) do update set n = ${vitalsBuckets.n} + excluded.n`);
}

/** Drops the days before `day` (YYYY-MM-DD) of every app. */
export async function pruneBefore(db: Db, day: string): Promise<void> {
  await db.delete(vitalsBuckets).where(lt(vitalsBuckets.day, day));
}

export interface BucketSum {
  route: string;
  metric: VitalMetric;
  bucket: number;
  n: number;
}

/** An app's histograms over [from, to] (days, inclusive), summed over days (and devices unless one is named). */
export function bucketSums(db: Db, appId: number, from: string, to: string, device: VitalDevice | 'all'): Promise<BucketSum[]> {
  const conds = [eq(vitalsBuckets.appId, appId), gte(vitalsBuckets.day, from), lte(vitalsBuckets.day, to)];
  if (device !== 'all') conds.push(eq(vitalsBuckets.device, device));
  return queryRows<BucketSum>(
    db,
    sql`select ${vitalsBuckets.route} as route, ${vitalsBuckets.metric} as metric, ${vitalsBuckets.bucket} as bucket, sum(${vitalsBuckets.n})::int as n
        from ${vitalsBuckets} where ${and(...conds)} group by 1, 2, 3`,
  );
}

/** The app's sample rate, when it has set one. */
export async function sampleRateOf(db: Db, appId: number): Promise<number | undefined> {
  const [row] = await db.select({ rate: vitalsSettings.sampleRate }).from(vitalsSettings).where(eq(vitalsSettings.appId, appId));
  return row?.rate;
}

export async function setSampleRate(db: Db, appId: number, rate: number): Promise<void> {
  await db
    .insert(vitalsSettings)
    .values({ appId, sampleRate: rate })
    .onConflictDoUpdate({ target: vitalsSettings.appId, set: { sampleRate: rate } });
}
