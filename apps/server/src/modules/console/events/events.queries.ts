import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { appModules } from '../../apps/apps.table.ts';
import { eventRegistrations, eventSections, eventSpeakers, events } from '../../events/events.table.ts';
import { users } from '../../users/users.table.ts';

export type EventRow = typeof events.$inferSelect;

const memberName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
export type SectionRow = typeof eventSections.$inferSelect;
export type SpeakerRow = typeof eventSpeakers.$inferSelect;

/** An events module of the app, or undefined (another app's, another type, none). */
export async function findEventsModule(db: Db, appId: number, moduleId: number) {
  const [m] = await db
    .select({ id: appModules.id })
    .from(appModules)
    .where(and(eq(appModules.id, moduleId), eq(appModules.appId, appId), eq(appModules.type, 'events')));
  return m;
}

export async function listEvents(db: Db, appId: number, moduleId: number, limit: number, offset: number) {
  const where = and(eq(events.appId, appId), eq(events.appModuleId, moduleId));
  const [rows, [total]] = await Promise.all([
    db.select().from(events).where(where).orderBy(desc(events.startsAt), desc(events.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(events).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findEvent(db: Db, appId: number, id: number, lock = false): Promise<EventRow | undefined> {
  const q = db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.appId, appId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function partsOf(db: Db, eventId: number) {
  const [sections, speakers] = await Promise.all([
    db.select().from(eventSections).where(eq(eventSections.eventId, eventId)).orderBy(asc(eventSections.position), asc(eventSections.id)),
    db
      .select({
        s: eventSpeakers,
        label: sql<string | null>`case when ${users.id} is null then null else trim(${memberName} || ' <' || ${users.email} || '>') end`,
      })
      .from(eventSpeakers)
      .leftJoin(users, eq(users.id, eventSpeakers.userId))
      .where(eq(eventSpeakers.eventId, eventId))
      .orderBy(asc(eventSpeakers.position), asc(eventSpeakers.id)),
  ]);
  return { sections, speakers: speakers.map((r) => ({ ...r.s, userLabel: r.label })) };
}

export type EventValues = Omit<typeof events.$inferInsert, 'id' | 'appId' | 'appModuleId' | 'registrationsCount' | 'createdAt'>;
export type SectionValues = { title: string; bodyHtml: string };
export type SpeakerValues = Omit<typeof eventSpeakers.$inferInsert, 'id' | 'appId' | 'eventId' | 'position'>;

/**
 * Makes an event's sections and speakers these, in this order: rows named by an id of this event
 * are updated in place (their reports and addresses stay), the others inserted, the rest deleted.
 */
export async function replaceParts(
  tx: Db,
  appId: number,
  eventId: number,
  sections: Array<SectionValues & { id?: number | undefined }>,
  speakers: Array<SpeakerValues & { id?: number | undefined }>,
) {
  const keptSections = new Set(
    (await tx.select({ id: eventSections.id }).from(eventSections).where(eq(eventSections.eventId, eventId))).map((r) => r.id),
  );
  const keptSpeakers = new Set(
    (await tx.select({ id: eventSpeakers.id }).from(eventSpeakers).where(eq(eventSpeakers.eventId, eventId))).map((r) => r.id),
  );
  const sectionIds = sections.flatMap((s) => (s.id !== undefined && keptSections.has(s.id) ? [s.id] : []));
  const speakerIds = speakers.flatMap((s) => (s.id !== undefined && keptSpeakers.has(s.id) ? [s.id] : []));
  await tx
    .delete(eventSections)
    .where(and(eq(eventSections.eventId, eventId), sectionIds.length ? notInArray(eventSections.id, sectionIds) : undefined));
  await tx
    .delete(eventSpeakers)
    .where(and(eq(eventSpeakers.eventId, eventId), speakerIds.length ? notInArray(eventSpeakers.id, speakerIds) : undefined));
  const seen = new Set<number>();
  for (const [position, { id, ...values }] of sections.entries()) {
    if (id !== undefined && keptSections.has(id) && !seen.has(id)) {
      seen.add(id);
      await tx
        .update(eventSections)
        .set({ ...values, position })
        .where(eq(eventSections.id, id));
    } else await tx.insert(eventSections).values({ ...values, appId, eventId, position });
  }
  seen.clear();
  for (const [position, { id, ...values }] of speakers.entries()) {
    if (id !== undefined && keptSpeakers.has(id) && !seen.has(id)) {
      seen.add(id);
      await tx
        .update(eventSpeakers)
        .set({ ...values, position })
        .where(eq(eventSpeakers.id, id));
    } else await tx.insert(eventSpeakers).values({ ...values, appId, eventId, position });
  }
}

export async function insertEvent(tx: Db, values: typeof events.$inferInsert): Promise<EventRow> {
  const [row] = await tx.insert(events).values(values).returning();
  if (!row) throw new Error('insert events returned nothing');
  return row;
}

export async function updateEvent(tx: Db, id: number, values: Partial<typeof events.$inferInsert>): Promise<EventRow | undefined> {
  const [row] = await tx.update(events).set(values).where(eq(events.id, id)).returning();
  return row;
}

export async function deleteEvent(tx: Db, id: number) {
  await tx.delete(events).where(eq(events.id, id));
}

/** Which of these ids are accounts of the app (not deleted): a speaker's linked member. */
export async function appMemberIds(db: Db, appId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.appId, appId), inArray(users.id, ids), isNull(users.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

/** An event's registrations with the member's name and address, newest first. */
export async function pageRegistrations(db: Db, eventId: number, limit: number, offset: number) {
  const where = eq(eventRegistrations.eventId, eventId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: eventRegistrations.userId,
        name: memberName,
        email: users.email,
        external: eventRegistrations.external,
        createdAt: eventRegistrations.createdAt,
      })
      .from(eventRegistrations)
      .innerJoin(users, eq(users.id, eventRegistrations.userId))
      .where(where)
      .orderBy(desc(eventRegistrations.createdAt), desc(eventRegistrations.userId))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(eventRegistrations).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The export's rows in batches after a user id (keyset): the whole list is never held at once. */
export async function registrationsAfter(db: Db, eventId: number, afterUserId: number, limit: number) {
  return db
    .select({
      userId: eventRegistrations.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      company: users.company,
      external: eventRegistrations.external,
      createdAt: eventRegistrations.createdAt,
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(and(eq(eventRegistrations.eventId, eventId), sql`${eventRegistrations.userId} > ${afterUserId}`))
    .orderBy(asc(eventRegistrations.userId))
    .limit(limit);
}

/** Members of the app by lower-cased address (not deleted), and whether each is registered for the event. */
export async function membersByEmail(db: Db, appId: number, eventId: number, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({
      id: users.id,
      email: sql<string>`lower(${users.email})`,
      registered: sql<boolean>`exists (select 1 from ${eventRegistrations} r where r.event_id = ${eventId} and r.user_id = ${users.id})`,
    })
    .from(users)
    .where(and(eq(users.appId, appId), isNull(users.deletedAt), inArray(sql`lower(${users.email})`, emails)));
}

/** Registers these members (those already registered are skipped) and moves the count: under the event's row lock. */
export async function addRegistrations(tx: Db, appId: number, eventId: number, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const added = await tx
    .insert(eventRegistrations)
    .values(userIds.map((userId) => ({ eventId, userId, appId })))
    .onConflictDoNothing()
    .returning({ id: eventRegistrations.userId });
  if (added.length > 0)
    await tx
      .update(events)
      .set({ registrationsCount: sql`${events.registrationsCount} + ${added.length}` })
      .where(eq(events.id, eventId));
  return added.length;
}
