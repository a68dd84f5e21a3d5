import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CONSOLE_API, consoleAppParams } from './console.ts';

/**
 * The console's dashboard (figures of one app over a period) and its audit log (every console
 * action). Owners of the app and operators only; a moderator gets 403.
 */

/** The figures counted per day, in the order the dashboard shows them. */
export const DASHBOARD_METRICS = [
  'members',
  'posts',
  'comments',
  'messages',
  'registrations',
  'meetings',
  'reports',
  'push_subscriptions',
] as const;
export const dashboardMetric = z.enum(DASHBOARD_METRICS, { error: 'console-dashboard.errors.metric' });
export type DashboardMetric = z.infer<typeof dashboardMetric>;

/** The periods the dashboard offers; the server takes any length from one day to a year. */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export const DASHBOARD_DAYS_MAX = 366;

const days = z.coerce
  .number({ error: 'console-dashboard.errors.days' })
  .int({ error: 'console-dashboard.errors.days' })
  .min(1, { error: 'console-dashboard.errors.days' })
  .max(DASHBOARD_DAYS_MAX, { error: 'console-dashboard.errors.days' })
  .default(30);

/** The period: the last `days` days up to and including today (days in UTC). */
export const dashboardQuery = z.object({ days }).strict();
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export const dashboardExportQuery = z
  .object({ days, metric: z.union([dashboardMetric, z.literal('all')], { error: 'console-dashboard.errors.metric' }).default('all') })
  .strict();
export type DashboardExportQuery = z.infer<typeof dashboardExportQuery>;

/** One figure over the period: its sum and one value per day of `dates`. */
export const dashboardSeries = z.object({
  metric: dashboardMetric,
  total: z.number().int(),
  values: z.array(z.number().int()),
});
export type DashboardSeries = z.infer<typeof dashboardSeries>;

export const dashboard = z.object({
  days: z.number().int(),
  /** First and last day of the period (YYYY-MM-DD, UTC). */
  from: z.string(),
  to: z.string(),
  /** Every day of the period, oldest first: the x axis of each series. */
  dates: z.array(z.string()),
  members: z.object({
    /** Accounts of the app now (deleted ones not counted). */
    total: z.number().int(),
    /** Members seen (any signed-in call or live connection) since midnight UTC. */
    active_today: z.number().int(),
    /** Members seen in the last 7 days. */
    active_7d: z.number().int(),
  }),
  series: z.array(dashboardSeries),
});
export type Dashboard = z.infer<typeof dashboard>;

const pageNo = z.coerce
  .number({ error: 'console-dashboard.errors.page' })
  .int()
  .min(1, { error: 'console-dashboard.errors.page' })
  .max(10_000)
  .default(1);
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'console-dashboard.errors.tooLong' })
    .optional()
    .transform((v) => (v ? v : undefined));

/** Audit log filters: `q` words searched in action, actor name and target; `action` an exact action or its prefix (`member`); `actor` a user id. */
export const auditQuery = z
  .object({
    q: text(200),
    action: text(64),
    actor: z.coerce
      .number({ error: 'console-dashboard.errors.actor' })
      .int()
      .positive({ error: 'console-dashboard.errors.actor' })
      .optional(),
    page: pageNo,
    'per-page': z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuery>;
export const auditExportQuery = auditQuery.omit({ page: true, 'per-page': true });
export type AuditExportQuery = z.infer<typeof auditExportQuery>;

export const auditEntry = z.object({
  id: z.number().int(),
  /** ISO time. */
  created_at: z.string(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({
  items: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** The distinct actions of this app's log, for the filter. */
  actions: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPage>;

/** CSV files, not JSON: outside the endpoint table, downloaded with the access token in the header. */
export const CONSOLE_DASHBOARD_CSV = {
  dashboard: (appId: number) => `${CONSOLE_API}/apps/${appId}/dashboard/export.csv`,
  audit: (appId: number) => `${CONSOLE_API}/apps/${appId}/audit/export.csv`,
} as const;

export const consoleDashboardEndpoints = {
  dashboard: defineEndpoint({
    method: 'GET',
    path: `${CONSOLE_API}/apps/:app_id/dashboard`,
    params: consoleAppParams,
    query: dashboardQuery,
    response: dashboard,
    tag: 'console',
    summary: 'The app’s figures over the last `days` days: members, activity and content per day (owner)',
  }),
  audit: defineEndpoint({
    method: 'GET',
    path: `${CONSOLE_API}/apps/:app_id/audit`,
    params: consoleAppParams,
    query: auditQuery,
    response: auditPage,
    tag: 'console',
    summary: 'The app’s audit log, newest first, searchable and paged (owner)',
  }),
};
