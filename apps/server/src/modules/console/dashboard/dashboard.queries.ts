import type { DashboardMetric } from '@app/contract/schemas/console-dashboard';
import { and, count, desc, eq, ilike, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { catalogFlags } from '../../catalog/catalog.table.ts';
import { chatMessages, chats } from '../../chats/chats.table.ts';
import { contentComments, contentFlags, contentPosts } from '../../content/content.table.ts';
import { eventFlags, eventRegistrations } from '../../events/events.table.ts';
import { marketplaceFlags } from '../../marketplace/marketplace.table.ts';
import { networkingMeetings } from '../../networking/networking.table.ts';
import { pushSubscriptions } from '../../push/push.table.ts';
import { appReports } from '../../settings/settings.table.ts';
import { userFlags } from '../../users/profiles.table.ts';
import { users } from '../../users/users.table.ts';
import { consoleAudit } from '../console.table.ts';

/** One day's count of one figure: `day` is YYYY-MM-DD (UTC). */
export interface DayCount {
  metric: DashboardMetric;
  day: string;
  n: number;
}

/**
 * The rows of each figure in the period, as (time) per row, each bounded by the app and the period
 * on its own table (so each branch reads an index range or its app's rows, never another app's).
 */
function branches(appId: number, from: Date, to: Date): Array<[DashboardMetric, SQL]> {
  const within = (col: SQL | typeof users.createdAt) => sql`${col} >= ${from} and ${col} < ${to}`;
  const flags = [contentFlags, catalogFlags, marketplaceFlags, eventFlags, userFlags, appReports].map(
    (t) => sql`select ${t.createdAt} as at from ${t} where ${t.appId} = ${appId} and ${within(sql`${t.createdAt}`)}`,
  );
  return [
    // Joined: accounts that can sign in (an invitation not yet taken is not a member).
    [
      'members',
      sql`select ${users.createdAt} as at from ${users} where ${users.appId} = ${appId} and ${users.emailConfirmedAt} is not null and ${within(users.createdAt)}`,
    ],
    [
      'posts',
      sql`select ${contentPosts.createdAt} as at from ${contentPosts} where ${contentPosts.appId} = ${appId} and ${within(sql`${contentPosts.createdAt}`)}`,
    ],
    [
      'comments',
      sql`select ${contentComments.createdAt} as at from ${contentComments} where ${contentComments.appId} = ${appId} and ${within(sql`${contentComments.createdAt}`)}`,
    ],
    // Messages written, not the history's lines (left, removed, new owner).
    [
      'messages',
      sql`select m.created_at as at from ${chatMessages} m join ${chats} c on c.id = m.chat_id
          where c.app_id = ${appId} and m.event is null and m.created_at >= ${from} and m.created_at < ${to}`,
    ],
    [
      'registrations',
      sql`select ${eventRegistrations.createdAt} as at from ${eventRegistrations} where ${eventRegistrations.appId} = ${appId} and ${within(sql`${eventRegistrations.createdAt}`)}`,
    ],
    [
      'meetings',
      sql`select ${networkingMeetings.createdAt} as at from ${networkingMeetings} where ${networkingMeetings.appId} = ${appId} and ${within(sql`${networkingMeetings.createdAt}`)}`,
    ],
    ['reports', sql.join(flags, sql` union all `)],
    [
      'push_subscriptions',
      sql`select p.created_at as at from ${pushSubscriptions} p join ${users} u on u.id = p.user_id
          where u.app_id = ${appId} and p.created_at >= ${from} and p.created_at < ${to}`,
    ],
  ];
}

/** Every figure's count per day of [from, to) in one statement (one round trip; days in UTC). */
export async function countPerDay(db: Db, appId: number, from: Date, to: Date, only?: DashboardMetric): Promise<DayCount[]> {
  const parts = branches(appId, from, to)
    .filter(([m]) => !only || m === only)
    .map(
      ([m, q]) =>
        sql`select ${m}::text as metric, to_char(date_trunc('day', x.at at time zone 'UTC'), 'YYYY-MM-DD') as day, count(*)::int as n
            from (${q}) x group by 2`,
    );
  return queryRows<DayCount>(db, sql.join(parts, sql` union all `));
}

/** The members now, and those seen today (since midnight UTC) and in the last 7 days. */
export async function memberFigures(db: Db, appId: number, today: Date, weekAgo: Date) {
  const [row] = await db
    .select({
      total: count(),
      activeToday: sql<number>`count(*) filter (where ${users.lastSeenAt} >= ${today})`.mapWith(Number),
      active7d: sql<number>`count(*) filter (where ${users.lastSeenAt} >= ${weekAgo})`.mapWith(Number),
    })
    .from(users)
    .where(and(eq(users.appId, appId), isNull(users.deletedAt), sql`${users.emailConfirmedAt} is not null`));
  return { total: row?.total ?? 0, activeToday: row?.activeToday ?? 0, active7d: row?.active7d ?? 0 };
}

export interface AuditFilter {
  q?: string | undefined;
  action?: string | undefined;
  actor?: number | undefined;
}

/**
 * The search words as a prefix query of the `simple` configuration (the gin index's): each word
 * must start a word of action, actor name or target. Only letters and digits reach to_tsquery.
 */
export function prefixQuery(q: string): string | undefined {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}

/** The expression of the gin index `console_audit_search_idx` (console.table.ts), written the same so the index serves it. */
const searchVector = sql`to_tsvector('simple', translate(${consoleAudit.action} || ' ' || ${consoleAudit.actorName} || ' ' || ${consoleAudit.targetType} || ' ' || ${consoleAudit.targetId}, '._', '  '))`;

function auditWhere(appId: number, f: AuditFilter): SQL | undefined {
  const conds: Array<SQL | undefined> = [eq(consoleAudit.appId, appId)];
  const tsq = f.q ? prefixQuery(f.q) : undefined;
  if (f.q && tsq) conds.push(sql`${searchVector} @@ to_tsquery('simple', ${tsq})`);
  // Words of no letter or digit (only punctuation) match nothing in the index: searched as a substring.
  else if (f.q) conds.push(or(ilike(consoleAudit.action, `%${escapeLike(f.q)}%`), ilike(consoleAudit.actorName, `%${escapeLike(f.q)}%`)));
  if (f.action) conds.push(or(eq(consoleAudit.action, f.action), like(consoleAudit.action, `${escapeLike(f.action)}.%`)));
  if (f.actor) conds.push(eq(consoleAudit.actorId, f.actor));
  return and(...conds);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type AuditRow = typeof consoleAudit.$inferSelect;

/** One page of an app's audit log, newest first, and how many entries match. */
export async function auditPage(db: Db, appId: number, f: AuditFilter, limit: number, offset: number) {
  const where = auditWhere(appId, f);
  const rows = await db.select().from(consoleAudit).where(where).orderBy(desc(consoleAudit.id)).limit(limit).offset(offset);
  const [c] = await db.select({ n: count() }).from(consoleAudit).where(where);
  return { rows, total: c?.n ?? 0 };
}

/** Every matching entry, newest first, up to `max` (the CSV export). */
export function auditAll(db: Db, appId: number, f: AuditFilter, max: number) {
  return db.select().from(consoleAudit).where(auditWhere(appId, f)).orderBy(desc(consoleAudit.id)).limit(max);
}

/** The distinct actions of an app's log (the filter's choices). */
export async function auditActions(db: Db, appId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: consoleAudit.action })
    .from(consoleAudit)
    .where(eq(consoleAudit.appId, appId))
    .orderBy(consoleAudit.action)
    .limit(200);
  return rows.map((r) => r.action);
}
