import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CONSOLE_API, consoleAppParams } from './console.ts';

/**
 * Field data: Core Web Vitals of real members (issue 24). The attendee app sends a sampled share of
 * its page loads' metrics in one beacon (no personal data: the route's pattern, never its ids); the
 * server keeps histograms per app, route, metric, device and day; the console shows p75 per route.
 */

/** The metrics reported, in the order the console shows them. */
export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export const vitalMetric = z.enum(VITAL_METRICS, { error: 'common.errors.invalid' });
export type VitalMetric = z.infer<typeof vitalMetric>;

export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type VitalRating = (typeof VITAL_RATINGS)[number];

/**
 * Google's thresholds (web.dev/articles/vitals): at most the first is good, above the second poor.
 * Times in milliseconds, CLS unitless.
 */
export const VITAL_THRESHOLDS: Record<VitalMetric, readonly [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

/** The rating of a value (a p75) by Google's thresholds, as web-vitals rates one sample. */
export function ratingOf(metric: VitalMetric, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[metric];
  return value > poor ? 'poor' : value > good ? 'needs-improvement' : 'good';
}

/** Largest value accepted: a minute for the times, 10 for CLS (anything beyond is a broken clock or a forged sample). */
export const VITAL_MAX: Record<VitalMetric, number> = { LCP: 60_000, INP: 60_000, CLS: 10, FCP: 60_000, TTFB: 60_000 };

export const VITAL_DEVICES = ['mobile', 'desktop'] as const;
export type VitalDevice = (typeof VITAL_DEVICES)[number];

/** web-vitals' navigation types. */
export const VITAL_NAVIGATIONS = ['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore'] as const;

/** Items one beacon carries at most (a page load reports five metrics). */
export const VITALS_BATCH_MAX = 20;
/** Bytes a beacon's body may have (20 items are about 3 KB). */
export const VITALS_BODY_MAX = 16 * 1024;
/** Sample rate of an app that has not set one. */
export const VITALS_DEFAULT_SAMPLE_RATE = 0.25;

const invalid = { error: 'common.errors.invalid' };

/** A route pattern of the attendee app (`/news/:app_module_id`): never a real address with ids or a query. */
export const vitalRoute = z
  .string(invalid)
  .max(200, invalid)
  .regex(/^\/[\w:\-/]*$/, invalid);

export const vitalItem = z
  .object({
    route: vitalRoute,
    metric: vitalMetric,
    value: z.number(invalid).finite(invalid).min(0, invalid),
    rating: z.enum(VITAL_RATINGS, invalid),
    navigation: z.enum(VITAL_NAVIGATIONS, invalid),
    device: z.enum(VITAL_DEVICES, invalid),
  })
  .strict()
  .refine((i) => i.value <= VITAL_MAX[i.metric], { error: 'common.errors.invalid', path: ['value'] });
export type VitalItem = z.infer<typeof vitalItem>;

export const vitalsBatch = z.object({ items: z.array(vitalItem, invalid).min(1, invalid).max(VITALS_BATCH_MAX, invalid) }).strict();
export type VitalsBatch = z.infer<typeof vitalsBatch>;

/** The public call's query: the app key travels in the address, since a beacon sends no headers. */
export const vitalsQuery = z.object({ app: z.string().max(100).optional() }).strict();

export const vitalsConfig = z.object({
  /** Share of page loads that report (0–1), decided once per page load. */
  sample_rate: z.number(),
});
export type VitalsConfig = z.infer<typeof vitalsConfig>;

const days = z.coerce
  .number({ error: 'console-dashboard.errors.days' })
  .int({ error: 'console-dashboard.errors.days' })
  .min(1, { error: 'console-dashboard.errors.days' })
  .max(90, { error: 'console-dashboard.errors.days' })
  .default(7);

export const vitalsReportQuery = z
  .object({ days, device: z.enum([...VITAL_DEVICES, 'all'], { error: 'console-dashboard.errors.device' }).default('all') })
  .strict();
export type VitalsReportQuery = z.infer<typeof vitalsReportQuery>;

export const vitalP75 = z.object({
  metric: vitalMetric,
  /** 75th percentile over the period (ms; CLS unitless), from the histogram. */
  p75: z.number(),
  samples: z.number().int(),
  rating: z.enum(VITAL_RATINGS),
});
export type VitalP75 = z.infer<typeof vitalP75>;

export const vitalsRoute = z.object({
  route: z.string(),
  /** Samples of the route's most reported metric. */
  samples: z.number().int(),
  /** The metrics with samples, in VITAL_METRICS order. */
  metrics: z.array(vitalP75),
});

export const vitalsReport = z.object({
  days: z.number().int(),
  /** First and last day of the period (YYYY-MM-DD, UTC). */
  from: z.string(),
  to: z.string(),
  device: z.enum([...VITAL_DEVICES, 'all']),
  sample_rate: z.number(),
  /** Every route of the app together. */
  overall: z.array(vitalP75),
  /** Routes by samples, most first. */
  routes: z.array(vitalsRoute),
});
export type VitalsReport = z.infer<typeof vitalsReport>;

export const vitalsSettingsBody = z
  .object({
    sample_rate: z
      .number({ error: 'console-dashboard.errors.sampleRate' })
      .min(0, { error: 'console-dashboard.errors.sampleRate' })
      .max(1, { error: 'console-dashboard.errors.sampleRate' }),
  })
  .strict();

export const vitalsEndpoints = {
  config: defineEndpoint({
    method: 'GET',
    path: '/vitals/config',
    query: vitalsQuery,
    response: vitalsConfig,
    auth: false,
    tag: 'vitals',
    summary: 'The share of page loads that report Core Web Vitals (public)',
  }),
  report: defineEndpoint({
    method: 'GET',
    path: `${CONSOLE_API}/apps/:app_id/vitals`,
    params: consoleAppParams,
    query: vitalsReportQuery,
    response: vitalsReport,
    tag: 'console',
    summary: 'p75 of the Core Web Vitals per route over the last `days` days, with Google’s rating (owner)',
  }),
  settings: defineEndpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/apps/:app_id/vitals/settings`,
    params: consoleAppParams,
    body: vitalsSettingsBody,
    response: vitalsConfig,
    tag: 'console',
    summary: 'Sets the share of page loads that report Core Web Vitals (owner)',
  }),
};

/** POST /vitals answers 204 with no body: outside the endpoint table (a beacon reads no answer). */
export const VITALS_POST_PATH = '/vitals';
