import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { excerpt } from '../../lib/text.ts';
import { type ReportedTarget, type ReportSource, reportRows } from '../../platform/module.ts';
import { eventFlags, eventSections, eventSpeakers, events } from './events.table.ts';

type Target = 'event' | 'speaker' | 'section';

const flagsOf = (type: Target) => (appId: number) =>
  reportRows(
    { table: eventFlags, target: eventFlags.targetId, reporter: eventFlags.userId, at: eventFlags.createdAt, app: eventFlags.appId },
    appId,
    sql`${eventFlags.targetType} = ${type}`,
  );

const target = (r: { id: number; title: string; text: string; moduleId: number; eventId: number }): [number, ReportedTarget] => [
  r.id,
  {
    title: excerpt(r.title, 140),
    excerpt: excerpt(r.text, 400),
    author: null,
    link: `/events/${r.moduleId}/event/${r.eventId}`,
    moduleId: r.moduleId,
    hidden: false,
  },
];

async function describeEvents(db: Db, appId: number, ids: number[]) {
  if (!ids.length) return new Map<number, ReportedTarget>();
  const rows = await db
    .select({ id: events.id, title: events.title, text: events.descriptionText, moduleId: events.appModuleId, eventId: events.id })
    .from(events)
    .where(and(eq(events.appId, appId), inArray(events.id, ids)));
  return new Map(rows.map(target));
}

async function describeSpeakers(db: Db, appId: number, ids: number[]) {
  if (!ids.length) return new Map<number, ReportedTarget>();
  const rows = await db
    .select({
      id: eventSpeakers.id,
      title: eventSpeakers.name,
      text: sql<string>`concat_ws(' · ', nullif(${eventSpeakers.jobTitle}, ''), nullif(${eventSpeakers.company}, ''), ${events.title})`,
      moduleId: events.appModuleId,
      eventId: events.id,
    })
    .from(eventSpeakers)
    .innerJoin(events, eq(events.id, eventSpeakers.eventId))
    .where(and(eq(events.appId, appId), inArray(eventSpeakers.id, ids)));
  return new Map(rows.map(target));
}

async function describeSections(db: Db, appId: number, ids: number[]) {
  if (!ids.length) return new Map<number, ReportedTarget>();
  const rows = await db
    .select({ id: eventSections.id, title: eventSections.title, text: events.title, moduleId: events.appModuleId, eventId: events.id })
    .from(eventSections)
    .innerJoin(events, eq(events.id, eventSections.eventId))
    .where(and(eq(events.appId, appId), inArray(eventSections.id, ids)));
  return new Map(rows.map(target));
}

/** Events, their speakers and sections (written by the organisers: dismiss, or edit them) as the moderation queue reports them. */
export const eventsReports: ReportSource[] = [
  { kind: 'event', reports: flagsOf('event'), describe: describeEvents },
  { kind: 'speaker', reports: flagsOf('speaker'), describe: describeSpeakers },
  { kind: 'section', reports: flagsOf('section'), describe: describeSections },
];
