import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { ReportSource } from '../../../platform/module.ts';
import { contactMails } from '../../settings/settings.table.ts';
import { users } from '../../users/users.table.ts';
import { type DecisionSnapshot, moderationDecisions } from './moderation.table.ts';

/** One reported target of the open queue: its reports counted, the latest time and reporters. */
export interface OpenRow {
  kind: string;
  target_id: number;
  reports: number;
  last_at: Date;
  reporters: number[];
}

/**
 * Every report of the sources in one union, grouped by target, minus the targets decided after
 * their latest report. A decision newer than a target's latest report closes it; a later report
 * opens it again.
 */
function openTargets(appId: number, sources: readonly ReportSource[]): SQL {
  const parts = sources.map(
    (s) => sql`select ${s.kind}::text as kind, r.target_id, r.reporter_id, r.created_at from (${s.reports(appId)}) r`,
  );
  const union = parts.length
    ? sql.join(parts, sql` union all `)
    : sql`select null::text as kind, 0 as target_id, 0 as reporter_id, now() as created_at where false`;
  return sql`
    with r as (${union}),
    g as (
      select kind, target_id, count(*)::int as reports, max(created_at) as last_at,
        (array_agg(reporter_id order by created_at desc))[1:3] as reporters
      from r group by kind, target_id
    )
    select g.* from g
    where not exists (
      select 1 from ${moderationDecisions} d
      where d.app_id = ${appId} and d.kind = g.kind and d.target_id = g.target_id and d.created_at >= g.last_at
    )`;
}

/** The rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

type RawOpen = Omit<OpenRow, 'last_at'> & { last_at: Date | string; total?: number };
const toOpen = (r: RawOpen): OpenRow => ({
  kind: r.kind,
  target_id: Number(r.target_id),
  reports: Number(r.reports),
  last_at: new Date(r.last_at),
  reporters: (r.reporters ?? []).map(Number),
});

export async function pageOpen(db: Db, appId: number, sources: readonly ReportSource[], limit: number, offset: number) {
  const raw = rowsOf<RawOpen>(
    await db.execute(
      sql`select t.*, count(*) over ()::int as total from (${openTargets(appId, sources)}) t order by t.last_at desc, t.kind, t.target_id limit ${limit} offset ${offset}`,
    ),
  );
  const first = raw[0];
  return { rows: raw.map(toOpen), total: first ? Number(first.total) : offset > 0 ? await countOpen(db, appId, sources) : 0 };
}

export async function countOpen(db: Db, appId: number, sources: readonly ReportSource[]): Promise<number> {
  const [r] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${openTargets(appId, sources)}) t`));
  return Number(r?.n ?? 0);
}

/** The target's reports now (its count, latest time), whether still open: read under the decision's transaction. */
export async function openTarget(db: Db, appId: number, source: ReportSource, targetId: number): Promise<OpenRow | undefined> {
  const [row] = rowsOf<RawOpen>(await db.execute(sql`select t.* from (${openTargets(appId, [source])}) t where t.target_id = ${targetId}`));
  return row ? toOpen(row) : undefined;
}

export async function pageDone(db: Db, appId: number, kinds: readonly string[] | undefined, limit: number, offset: number) {
  const where = and(eq(moderationDecisions.appId, appId), kinds ? inArray(moderationDecisions.kind, [...kinds]) : undefined);
  const [rows, [count]] = await Promise.all([
    db.select().from(moderationDecisions).where(where).orderBy(desc(moderationDecisions.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(moderationDecisions).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function insertDecision(
  tx: Db,
  d: {
    appId: number;
    kind: string;
    targetId: number;
    action: 'dismiss' | 'hide' | 'delete' | 'block' | 'answer';
    reason: string;
    actorId: number;
    actorName: string;
    snapshot: DecisionSnapshot;
  },
) {
  const [row] = await tx.insert(moderationDecisions).values(d).returning({ id: moderationDecisions.id });
  return row?.id ?? 0;
}

/** Names of members by id (the reporters shown on a card). */
export async function namesOf(db: Db, appId: number, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.appId, appId), inArray(users.id, ids)));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim() || r.email]));
}

/** Whether a member holds an organiser's role (owner, moderator, operator): the queue does not block them. */
export async function rolesOf(db: Db, appId: number, userId: number) {
  const [r] = await db
    .select({ isAdmin: users.isAdmin, isModerator: users.isModerator, isOperator: users.isOperator })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId)));
  return r ? { organiser: r.isAdmin || r.isModerator || r.isOperator } : undefined;
}

/** A "Contact App Owner" message of the app with its sender's address, name and language. */
export async function contactMessage(db: Db, appId: number, id: number) {
  const [r] = await db
    .select({
      message: contactMails.message,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      locale: users.locale,
      deletedAt: users.deletedAt,
    })
    .from(contactMails)
    .innerJoin(users, eq(users.id, contactMails.userId))
    .where(and(eq(contactMails.appId, appId), eq(contactMails.id, id), eq(contactMails.recipient, 'owner')));
  if (!r || r.message === null || r.deletedAt) return undefined;
  return { message: r.message, userId: r.userId, email: r.email, locale: r.locale, name: `${r.firstName} ${r.lastName}`.trim() || r.email };
}

/**
 * Claims a contact message for one answer: set answered now, unless it was answered already (or
 * another moderator's answer claimed it a moment ago). Whether this call got it.
 */
export async function claimAnswer(db: Db, appId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(contactMails)
    .set({ answeredAt: new Date() })
    .where(and(eq(contactMails.appId, appId), eq(contactMails.id, id), isNull(contactMails.answeredAt)))
    .returning({ id: contactMails.id });
  return rows.length > 0;
}

/** Gives the claim back (the answer mail could not be sent). */
export async function releaseAnswer(db: Db, appId: number, id: number): Promise<void> {
  await db
    .update(contactMails)
    .set({ answeredAt: null })
    .where(and(eq(contactMails.appId, appId), eq(contactMails.id, id)));
}

export async function markAnswered(tx: Db, appId: number, id: number) {
  await tx
    .update(contactMails)
    .set({ answeredAt: new Date() })
    .where(and(eq(contactMails.appId, appId), eq(contactMails.id, id)));
}
