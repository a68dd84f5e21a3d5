import { date, doublePrecision, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { apps } from '../apps/apps.table.ts';

/**
 * Core Web Vitals of an app's members as histograms, never as samples of a person: one row per app,
 * UTC day, route pattern, metric, device class and bucket, counting the samples that fell in it.
 * `bucket` is the bucket's upper edge (inclusive) in the metric's unit (ms; CLS in thousandths):
 * see vitals.histogram.ts. Nothing here names a member or an address. Bounded: a few dozen routes a
 * day per app (VITALS_ROUTES_MAX), 5 metrics, 2 devices, at most ~140 buckets each, kept 90 days.
 */
export const vitalsBuckets = pgTable(
  'vitals_buckets',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    route: text('route').notNull(),
    metric: text('metric').notNull(),
    device: text('device').notNull(),
    bucket: integer('bucket').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.route, t.metric, t.device, t.bucket] })],
);

/** An app's share of page loads that report (absent: VITALS_DEFAULT_SAMPLE_RATE). */
export const vitalsSettings = pgTable('vitals_settings', {
  appId: integer('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  sampleRate: doublePrecision('sample_rate').notNull(),
});
