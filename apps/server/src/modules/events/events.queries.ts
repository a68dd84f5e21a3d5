import type { EventAgendaItem, EventFlagTarget, EventSpeaker } from '@app/contract/schemas/events';
import { EVENTS_LIMITS } from '@app/contract/schemas/events';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchQuery } from '../content/content.queries.ts';
import { listedMember } from '../users/profiles.queries.ts';
import { users } from '../users/users.table.ts';
import { eventAgendaItems, eventFlags, eventRegistrations, eventSections, eventSpeakers, events } from './events.table.ts';

/** Where a query runs: the caller's app and the events module. */
export interface At {
  appId: number;
  moduleId: number;
}

export type EventRow = typeof events.$inferSelect;
export type SpeakerRow = typeof eventSpeakers.$inferSelect;

export const speakerOf = (s: SpeakerRow): EventSpeaker => ({
  id: s.id,
  name: s.name,
  job_title: s.jobTitle,
  company: s.company,
  photo: s.photoUrl,
  user_id: s.userId,
});

/** Start times of every event of a module (the calendar's days): an index-only range of `events_time_idx`. */
export async function eventStarts(db: Db, at: At): Promise<Date[]> {
  const rows = await db
    .select({ startsAt: events.startsAt })
    .from(events)
    .where(and(eq(events.appId, at.appId), eq(events.appModuleId, at.moduleId)));
  return rows.map((r) => r.startsAt);
}

/** Events by start time: one range of `events_time_idx` (the search through `events_search_idx`). */
export async function listEvents(db: Db, at: At, f: { from?: Date; to?: Date; search?: string; limit?: number }): Promise<EventRow[]> {
  const where: SQL[] = [eq(events.appId, at.appId), eq(events.appModuleId, at.moduleId)];
  if (f.from) where.push(gte(events.startsAt, f.from));
  if (f.to) where.push(lt(events.startsAt, f.to));
  if (f.search !== undefined) {
    const q = searchQuery(f.search);
    if (!q) return [];
    where.push(sql`${events.search} @@ to_tsquery('simple', ${q})`);
  }
  return db
    .select()
    .from(events)
    .where(and(...where))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(f.limit ?? EVENTS_LIMITS.listMax);
}

export async function findEvent(db: Db, at: At, id: number): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.appId, at.appId), eq(events.appModuleId, at.moduleId)));
  return row;
}

/** An event of an app, whatever its module (the attendees list of /user/related-list). */
export async function findAppEvent(db: Db, appId: number, id: number): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.appId, appId)));
  return row;
}

/** Which of these events the member registered for: the primary key's lookups. */
/** Every event of a module the member is registered for (the registrations' primary key, by member). */
export async function moduleRegistrations(db: Db, at: At, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: eventRegistrations.eventId })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(and(eq(eventRegistrations.userId, userId), eq(events.appId, at.appId), eq(events.appModuleId, at.moduleId)));
  return rows.map((r) => r.id);
}

/** Ids of a module's events matching a search (the GIN index of `search`). */
export async function searchEventIds(db: Db, at: At, search: string): Promise<Set<number> | undefined> {
  const q = searchQuery(search);
  if (!q) return new Set();
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.appId, at.appId), eq(events.appModuleId, at.moduleId), sql`${events.search} @@ to_tsquery('simple', ${q})`));
  return new Set(rows.map((r) => r.id));
}

export async function registeredIds(db: Db, userId: number, eventIds: number[]): Promise<Set<number>> {
  if (eventIds.length === 0) return new Set();
  const rows = await db
    .select({ id: eventRegistrations.eventId })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.userId, userId), inArray(eventRegistrations.eventId, eventIds)));
  return new Set(rows.map((r) => r.id));
}

export async function speakersOf(db: Db, eventId: number): Promise<SpeakerRow[]> {
  return db
    .select()
    .from(eventSpeakers)
    .where(eq(eventSpeakers.eventId, eventId))
    .orderBy(asc(eventSpeakers.position), asc(eventSpeakers.id));
}

export async function findSpeaker(db: Db, eventId: number, id: number): Promise<SpeakerRow | undefined> {
  const [row] = await db
    .select()
    .from(eventSpeakers)
    .where(and(eq(eventSpeakers.id, id), eq(eventSpeakers.eventId, eventId)));
  return row;
}

export async function sectionsOf(db: Db, eventId: number) {
  return db
    .select()
    .from(eventSections)
    .where(eq(eventSections.eventId, eventId))
    .orderBy(asc(eventSections.position), asc(eventSections.id));
}

export async function findSection(db: Db, eventId: number, id: number) {
  const [row] = await db
    .select({ id: eventSections.id })
    .from(eventSections)
    .where(and(eq(eventSections.id, id), eq(eventSections.eventId, eventId)));
  return row;
}

export async function agendaOf(db: Db, eventId: number): Promise<EventAgendaItem[]> {
  const rows = await db
    .select()
    .from(eventAgendaItems)
    .where(eq(eventAgendaItems.eventId, eventId))
    .orderBy(asc(eventAgendaItems.startsAt), asc(eventAgendaItems.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    starts_at: r.startsAt.toISOString(),
    ends_at: r.endsAt ? r.endsAt.toISOString() : null,
  }));
}

/** What the member reported of an event: `event_flags_event_idx`. */
export async function flagsOf(db: Db, eventId: number, userId: number): Promise<Array<{ type: EventFlagTarget; id: number }>> {
  const rows = await db
    .select({ type: eventFlags.targetType, id: eventFlags.targetId })
    .from(eventFlags)
    .where(and(eq(eventFlags.eventId, eventId), eq(eventFlags.userId, userId)));
  return rows;
}

/** One row per member and target: a second report does nothing. */
export async function insertFlag(db: Db, appId: number, eventId: number, type: EventFlagTarget, targetId: number, userId: number) {
  await db.insert(eventFlags).values({ appId, eventId, targetType: type, targetId, userId }).onConflictDoNothing();
}

/** An event's registered members, newest first (`event_registrations_list_idx`), and how many. */
export async function pageAttendees(db: Db, eventId: number, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users })
      .from(eventRegistrations)
      .innerJoin(users, eq(users.id, eventRegistrations.userId))
      .where(and(eq(eventRegistrations.eventId, eventId), listedMember()))
      .orderBy(desc(eventRegistrations.createdAt), desc(eventRegistrations.userId))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(eventRegistrations)
      .innerJoin(users, eq(users.id, eventRegistrations.userId))
      .where(and(eq(eventRegistrations.eventId, eventId), listedMember())),
  ]);
  return { rows: rows.map((r) => r.user), total: total?.n ?? 0 };
}

/** An event whose place a deleted account gave back: its module and new count. */
export interface FreedPlace {
  eventId: number;
  moduleId: number;
  count: number;
  capacity: number | null;
}

/**
 * Account deletion (in its transaction): the member's registrations in the app go and each event's
 * count drops by one. The events' rows are locked first, in id order (a registration locks its
 * event's row before reading it), and only the rows this delete removed are counted, so a
 * cancellation racing it cannot take a place off twice.
 */
export async function eraseMemberRegistrations(tx: Db, appId: number, userId: number): Promise<FreedPlace[]> {
  const held = await tx
    .select({ id: eventRegistrations.eventId })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.appId, appId), eq(eventRegistrations.userId, userId)));
  if (held.length === 0) return [];
  const ids = held.map((r) => r.id);
  await tx.select({ id: events.id }).from(events).where(inArray(events.id, ids)).orderBy(asc(events.id)).for('update');
  const gone = await tx
    .delete(eventRegistrations)
    .where(and(eq(eventRegistrations.userId, userId), inArray(eventRegistrations.eventId, ids)))
    .returning({ id: eventRegistrations.eventId });
  if (gone.length === 0) return [];
  return tx
    .update(events)
    .set({ registrationsCount: sql`greatest(0, ${events.registrationsCount} - 1)` })
    .where(
      inArray(
        events.id,
        gone.map((r) => r.id),
      ),
    )
    .returning({ eventId: events.id, moduleId: events.appModuleId, count: events.registrationsCount, capacity: events.capacity });
}

/**
 * Registers or unregisters a member in one transaction: the event's row is locked first, so two
 * members taking the last place at once are served one after the other and the second finds it
 * full. Answers the new count, whether anything changed, or the reason it was refused.
 */
export async function setRegistration(
  db: Db,
  at: At,
  eventId: number,
  userId: number,
  on: boolean,
  external: boolean,
  now: Date,
): Promise<
  | { ok: true; count: number; changed: boolean; capacity: number | null }
  | { ok: false; reason: 'gone' | 'past' | 'full' | 'cancelled' | 'closed' | 'notYet' }
> {
  return db.transaction(async (tx) => {
    const [ev] = await tx
      .select({
        id: events.id,
        capacity: events.capacity,
        count: events.registrationsCount,
        endsAt: events.endsAt,
        cancelledAt: events.cancelledAt,
        closed: events.registrationClosed,
        opensAt: events.registrationOpensAt,
        closesAt: events.registrationClosesAt,
      })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.appId, at.appId), eq(events.appModuleId, at.moduleId)))
      .for('update');
    if (!ev) return { ok: false, reason: 'gone' } as const;
    if (ev.endsAt.getTime() <= now.getTime()) return { ok: false, reason: 'past' } as const;
    const [mine] = await tx
      .select({ id: eventRegistrations.eventId })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)));
    if (on === Boolean(mine)) return { ok: true, count: ev.count, changed: false, capacity: ev.capacity } as const;
    // Registering only while the organiser keeps it open (leaving stays possible).
    if (on && ev.cancelledAt) return { ok: false, reason: 'cancelled' } as const;
    if (on && (ev.closed || (ev.closesAt && ev.closesAt.getTime() <= now.getTime()))) return { ok: false, reason: 'closed' } as const;
    if (on && ev.opensAt && ev.opensAt.getTime() > now.getTime()) return { ok: false, reason: 'notYet' } as const;
    if (on && ev.capacity !== null && ev.count >= ev.capacity) return { ok: false, reason: 'full' } as const;
    if (on) await tx.insert(eventRegistrations).values({ eventId, userId, appId: at.appId, external });
    else await tx.delete(eventRegistrations).where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)));
    const [updated] = await tx
      .update(events)
      .set({ registrationsCount: sql`greatest(0, ${events.registrationsCount} + ${on ? 1 : -1})` })
      .where(eq(events.id, eventId))
      .returning({ n: events.registrationsCount });
    return { ok: true, count: updated?.n ?? 0, changed: true, capacity: ev.capacity } as const;
  });
}
