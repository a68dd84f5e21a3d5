import type { AnnouncementSegment, AnnouncementStatus } from '@app/contract/schemas/console-announcements';
import { and, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { agendaSchedule, agendaSessions } from '../../agenda/agenda.table.ts';
import { appModules, apps } from '../../apps/apps.table.ts';
import { eventRegistrations, events } from '../../events/events.table.ts';
import { notificationPreferences } from '../../settings/settings.table.ts';
import { users } from '../../users/users.table.ts';
import { announcements } from './announcements.table.ts';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementWithAuthor = AnnouncementRow & { authorName: string | null };

/** How long a claimed send may go without a sign of life before another node resumes it. */
export const LEASE_SECONDS = 120;

const lease = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;

const authorName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

const withAuthor = { row: announcements, authorName };

export async function list(db: Db, appId: number, status: AnnouncementStatus | undefined, limit: number, offset: number) {
  const where = and(eq(announcements.appId, appId), status ? eq(announcements.status, status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select(withAuthor)
      .from(announcements)
      .leftJoin(users, eq(users.id, announcements.authorId))
      .where(where)
      .orderBy(desc(announcements.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(announcements).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.row, authorName: r.authorName })), total: total?.n ?? 0 };
}

export async function findOne(db: Db, appId: number, id: number, lock = false): Promise<AnnouncementWithAuthor | undefined> {
  const q = db
    .select({ row: announcements })
    .from(announcements)
    .where(and(eq(announcements.appId, appId), eq(announcements.id, id)));
  const [r] = lock ? await q.for('update') : await q;
  if (!r) return undefined;
  return { ...r.row, authorName: await nameOf(db, r.row.authorId) };
}

async function nameOf(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [u] = await db.select({ name: authorName }).from(users).where(eq(users.id, userId));
  return u?.name ?? null;
}

export async function insert(db: Db, values: typeof announcements.$inferInsert): Promise<AnnouncementWithAuthor> {
  const [row] = await db.insert(announcements).values(values).returning();
  if (!row) throw new Error('insert announcements returned nothing');
  return { ...row, authorName: await nameOf(db, row.authorId) };
}

export async function update(
  db: Db,
  id: number,
  values: Partial<typeof announcements.$inferInsert>,
): Promise<AnnouncementWithAuthor | undefined> {
  const [row] = await db.update(announcements).set(values).where(eq(announcements.id, id)).returning();
  return row ? { ...row, authorName: await nameOf(db, row.authorId) } : undefined;
}

/**
 * Claims one draft or scheduled announcement for sending now, atomically: only one caller (a
 * second click, a sweep at the same moment) gets the row.
 */
export async function claimNow(db: Db, appId: number, id: number): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .update(announcements)
    .set({ status: 'sending', leaseUntil: lease, claim: sql`${announcements.claim} + 1`, cursor: 0, recipients: 0 })
    .where(and(eq(announcements.appId, appId), eq(announcements.id, id), inArray(announcements.status, ['draft', 'scheduled'])))
    .returning();
  return row;
}

/**
 * The sweep's claim: scheduled rows whose time came, and sends whose node went away (lease run
 * out), at most `limit`. `FOR UPDATE SKIP LOCKED` plus the status change in one statement, so two
 * nodes sweeping at once never claim the same row.
 */
export async function claimDue(db: Db, limit: number): Promise<AnnouncementRow[]> {
  const due = db
    .select({ id: announcements.id })
    .from(announcements)
    .where(
      sql`(${announcements.status} = 'scheduled' and ${announcements.sendAt} <= now()) or (${announcements.status} = 'sending' and ${announcements.leaseUntil} < now())`,
    )
    .orderBy(announcements.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(announcements)
    .set({ status: 'sending', leaseUntil: lease, claim: sql`${announcements.claim} + 1` })
    .where(inArray(announcements.id, due))
    .returning();
}

/**
 * Records a handed-over batch (cursor, count) and renews the lease, while the claim is still the
 * sender's own; false when another node took it over.
 */
export async function advance(db: Db, id: number, claim: number, cursor: number, added: number): Promise<boolean> {
  const rows = await db
    .update(announcements)
    .set({ cursor, recipients: sql`${announcements.recipients} + ${added}`, leaseUntil: lease })
    .where(and(eq(announcements.id, id), eq(announcements.claim, claim), eq(announcements.status, 'sending')))
    .returning({ id: announcements.id });
  return rows.length > 0;
}

export async function finish(db: Db, id: number, claim: number): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .update(announcements)
    .set({ status: 'sent', sentAt: sql`now()`, leaseUntil: null })
    .where(and(eq(announcements.id, id), eq(announcements.claim, claim), eq(announcements.status, 'sending')))
    .returning();
  return row;
}

/** The members a segment names: confirmed, neither deleted nor blocked, of the app. */
function segmentWhere(appId: number, segment: AnnouncementSegment): SQL | undefined {
  const base = [eq(users.appId, appId), sql`${users.emailConfirmedAt} is not null`, isNull(users.deletedAt), isNull(users.blockedAt)];
  switch (segment.kind) {
    case 'all':
      return and(...base);
    case 'event':
      return and(
        ...base,
        sql`exists (select 1 from ${eventRegistrations} r where r.event_id = ${segment.event_id} and r.user_id = ${users.id} and r.app_id = ${appId})`,
      );
    case 'session':
      return and(
        ...base,
        sql`exists (select 1 from ${agendaSchedule} s where s.session_id = ${segment.session_id} and s.user_id = ${users.id} and s.app_id = ${appId})`,
      );
    case 'role':
      return and(
        ...base,
        segment.role === 'owners'
          ? eq(users.isAdmin, true)
          : segment.role === 'moderators'
            ? eq(users.isModerator, true)
            : and(eq(users.isAdmin, false), eq(users.isModerator, false)),
      );
  }
}

export async function countSegment(db: Db, appId: number, segment: AnnouncementSegment): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(segmentWhere(appId, segment));
  return r?.n ?? 0;
}

/** A recipient: their language (theirs, else the app's) and whether their Admin messages in-app toggle is on. */
export interface Recipient {
  id: number;
  locale: string;
  inapp: boolean;
}

/** One page of a segment's members after `after`, in id order: a keyset walk, never the whole segment at once. */
export function recipientsPage(db: Db, appId: number, segment: AnnouncementSegment, after: number, limit: number): Promise<Recipient[]> {
  return db
    .select({
      id: users.id,
      locale: sql<string>`coalesce(${users.locale}, ${apps.locale})`,
      inapp: sql<boolean>`not exists (select 1 from ${notificationPreferences} p where p.user_id = ${users.id} and p.category = 'admin' and not p.inapp)`,
    })
    .from(users)
    .innerJoin(apps, eq(apps.id, users.appId))
    .where(and(segmentWhere(appId, segment), gt(users.id, after)))
    .orderBy(users.id)
    .limit(limit);
}

/** Whether the event or session a segment names belongs to the app (a role or everyone always does). */
export async function segmentBelongs(db: Db, appId: number, segment: AnnouncementSegment): Promise<boolean> {
  if (segment.kind === 'event') {
    const [r] = await db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, segment.event_id), eq(events.appId, appId)));
    return Boolean(r);
  }
  if (segment.kind === 'session') {
    const [r] = await db
      .select({ id: agendaSessions.id })
      .from(agendaSessions)
      .where(and(eq(agendaSessions.id, segment.session_id), eq(agendaSessions.appId, appId)));
    return Boolean(r);
  }
  return true;
}

/** The picker's choices: the app's events and (not cancelled) sessions, latest first, bounded. */
export async function segmentChoices(db: Db, appId: number, limit: number) {
  const [ev, se] = await Promise.all([
    db
      .select({ id: events.id, title: events.title, startsAt: events.startsAt, moduleName: appModules.name })
      .from(events)
      .innerJoin(appModules, eq(appModules.id, events.appModuleId))
      .where(eq(events.appId, appId))
      .orderBy(desc(events.startsAt), desc(events.id))
      .limit(limit),
    db
      .select({ id: agendaSessions.id, title: agendaSessions.title, startsAt: agendaSessions.startsAt, moduleName: appModules.name })
      .from(agendaSessions)
      .innerJoin(appModules, eq(appModules.id, agendaSessions.appModuleId))
      .where(and(eq(agendaSessions.appId, appId), isNull(agendaSessions.cancelledAt)))
      .orderBy(desc(agendaSessions.startsAt), desc(agendaSessions.id))
      .limit(limit),
  ]);
  return { events: ev, sessions: se };
}
