import {
  type AuditPage,
  type AuditQuery,
  DASHBOARD_METRICS,
  type Dashboard,
  type DashboardMetric,
} from '@app/contract/schemas/console-dashboard';
import type { Ctx } from '../../../context.ts';
import { csvLine } from '../console.csv.ts';
import { type AuditFilter, type AuditRow, auditActions, auditAll, auditPage, countPerDay, memberFigures } from './dashboard.queries.ts';

const DAY = 86_400_000;
/** Entries one audit CSV holds at most (newest first); a larger log is exported in parts by filter. */
const AUDIT_CSV_MAX = 50_000;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last `days` days up to and including today, in UTC: [from, to) and each day's name. */
export function periodOf(days: number, now = new Date()) {
  const today = new Date(Math.floor(now.getTime() / DAY) * DAY);
  const from = new Date(today.getTime() - (days - 1) * DAY);
  const to = new Date(today.getTime() + DAY);
  const dates = Array.from({ length: days }, (_, i) => isoDay(new Date(from.getTime() + i * DAY)));
  return { today, from, to, dates };
}

/** Each figure's values per day of the period (zero where nothing happened), in the dashboard's order. */
async function seriesOf(ctx: Ctx, appId: number, days: number, now: Date, only?: DashboardMetric) {
  const p = periodOf(days, now);
  const rows = await countPerDay(ctx.db, appId, p.from, p.to, only);
  const index = new Map(p.dates.map((d, i) => [d, i]));
  const series = DASHBOARD_METRICS.filter((m) => !only || m === only).map((metric) => ({
    metric,
    total: 0,
    values: p.dates.map(() => 0),
  }));
  const byMetric = new Map(series.map((s) => [s.metric, s]));
  for (const r of rows) {
    const s = byMetric.get(r.metric);
    const i = index.get(r.day);
    if (!s || i === undefined) continue;
    s.values[i] = (s.values[i] ?? 0) + r.n;
    s.total += r.n;
  }
  return { p, series };
}

export async function getDashboard(ctx: Ctx, appId: number, days: number, now = new Date()): Promise<Dashboard> {
  const { p, series } = await seriesOf(ctx, appId, days, now);
  const m = await memberFigures(ctx.db, appId, p.today, new Date(now.getTime() - 7 * DAY));
  return {
    days,
    from: p.dates[0] ?? isoDay(p.from),
    to: p.dates[p.dates.length - 1] ?? isoDay(p.today),
    dates: p.dates,
    members: { total: m.total, active_today: m.activeToday, active_7d: m.active7d },
    series,
  };
}

/** The dashboard's series as CSV: one line per day and figure (date, metric, value). */
export async function dashboardCsv(ctx: Ctx, appId: number, days: number, metric: DashboardMetric | 'all', now = new Date()) {
  const { p, series } = await seriesOf(ctx, appId, days, now, metric === 'all' ? undefined : metric);
  let out = csvLine(['date', 'metric', 'value']);
  for (const [i, date] of p.dates.entries()) for (const s of series) out += csvLine([date, s.metric, s.values[i] ?? 0]);
  return out;
}

const entryOf = (r: AuditRow) => ({
  id: r.id,
  created_at: r.createdAt.toISOString(),
  actor_id: r.actorId,
  actor_name: r.actorName,
  action: r.action,
  target_type: r.targetType,
  target_id: r.targetId,
  before: r.before ?? null,
  after: r.after ?? null,
});

const filterOf = (q: AuditFilter): AuditFilter => ({ q: q.q, action: q.action, actor: q.actor });

export async function getAudit(ctx: Ctx, appId: number, q: AuditQuery): Promise<AuditPage> {
  const perPage = q['per-page'];
  const { rows, total } = await auditPage(ctx.db, appId, filterOf(q), perPage, (q.page - 1) * perPage);
  return { items: rows.map(entryOf), total, page: q.page, per_page: perPage, actions: await auditActions(ctx.db, appId) };
}

/** The matching audit entries as CSV, newest first: when, who, action, target, before and after as JSON. */
export async function auditCsv(ctx: Ctx, appId: number, f: AuditFilter): Promise<string> {
  const rows = await auditAll(ctx.db, appId, filterOf(f), AUDIT_CSV_MAX);
  let out = csvLine(['id', 'created_at', 'actor_id', 'actor_name', 'action', 'target_type', 'target_id', 'before', 'after']);
  for (const r of rows) {
    const e = entryOf(r);
    out += csvLine([
      e.id,
      e.created_at,
      e.actor_id,
      e.actor_name,
      e.action,
      e.target_type,
      e.target_id,
      e.before ? JSON.stringify(e.before) : '',
      e.after ? JSON.stringify(e.after) : '',
    ]);
  }
  return out;
}
