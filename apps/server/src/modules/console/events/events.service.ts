import { email as emailSchema } from '@app/contract/schemas/auth';
import {
  type ConsoleEvent,
  type ConsoleEventParsed,
  type ConsoleEventRow,
  type ConsoleRegistration,
  CONSOLE_EVENT_LIMITS as L,
  type RegistrationsImportPreview,
} from '@app/contract/schemas/console-events';
import { parse } from 'csv-parse/sync';
import type { FastifyReply } from 'fastify';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { fieldError, type KeyedFieldError, notFound, ValidationError } from '../../../lib/errors.ts';
import { offsetOf, setPageHeaders } from '../../../lib/pagination.ts';
import { sanitizeRichText } from '../../../lib/rich-text.ts';
import { isTimeZone, localDate, localTime, parseDateTime } from '../../../lib/zoned-time.ts';
import { eventChanged } from '../../events/events.service.ts';
import { audit, changedOnly } from '../console.audit.ts';
import { csvDelimiter } from '../console.csv.ts';
import { type ConsoleActor, requireConsoleApp } from '../console.policy.ts';
import * as q from './events.queries.ts';

const err = (k: string) => `console-events.errors.${k}`;

/** Wall time `YYYY-MM-DDTHH:MM` of an instant in a zone. */
const wall = (d: Date, tz: string) => `${localDate(d, tz)}T${localTime(d, tz)}`;

/** The zone an event's times are shown in: its own, else UTC (an old row with a zone no longer known too). */
const zoneOf = (r: q.EventRow) => (r.timeZone && isTimeZone(r.timeZone) ? r.timeZone : 'UTC');

export function toRow(r: q.EventRow): ConsoleEventRow {
  const tz = zoneOf(r);
  return {
    id: r.id,
    app_module_id: r.appModuleId,
    title: r.title,
    image_url: r.imageUrl,
    time_zone: tz,
    starts_at: wall(r.startsAt, tz),
    ends_at: wall(r.endsAt, tz),
    starts_at_utc: r.startsAt.toISOString(),
    ends_at_utc: r.endsAt.toISOString(),
    location: r.location,
    map_url: r.mapUrl,
    online_location: r.onlineLocation,
    online_url: r.onlineUrl,
    join_link_template: r.joinLinkTemplate,
    capacity: r.capacity,
    registration_opens_at: r.registrationOpensAt ? wall(r.registrationOpensAt, tz) : null,
    registration_closes_at: r.registrationClosesAt ? wall(r.registrationClosesAt, tz) : null,
    external_registration_url: r.externalRegistrationUrl,
    guest_label: r.guestLabel,
    registration_closed: r.registrationClosed,
    cancelled_at: r.cancelledAt?.toISOString() ?? null,
    registrations_count: r.registrationsCount,
    created_at: r.createdAt.toISOString(),
  };
}

async function full(db: Db, r: q.EventRow): Promise<ConsoleEvent> {
  const { sections, speakers } = await q.partsOf(db, r.id);
  return {
    ...toRow(r),
    description: r.descriptionHtml,
    sections: sections.map((s) => ({ id: s.id, title: s.title, body: s.bodyHtml })),
    speakers: speakers.map((s) => ({
      id: s.id,
      name: s.name,
      job_title: s.jobTitle,
      company: s.company,
      photo_url: s.photoUrl,
      bio: s.bioHtml,
      user_id: s.userId,
      user_label: s.userLabel,
    })),
  };
}

/** What the audit log keeps of an event (not its texts: they can be long). */
const snapshot = (r: q.EventRow) => ({
  title: r.title,
  starts_at: r.startsAt.toISOString(),
  ends_at: r.endsAt.toISOString(),
  time_zone: r.timeZone,
  location: r.location,
  capacity: r.capacity,
  registration_closed: r.registrationClosed,
  cancelled_at: r.cancelledAt?.toISOString() ?? null,
});

/**
 * Checks an event's input beyond its shape (the zone, the times, the order, the linked members, the
 * capacity against those registered) and turns it into row values; every problem at once as 422.
 */
async function checkInput(
  db: Db,
  appId: number,
  b: ConsoleEventParsed,
  registered: number,
): Promise<{
  values: q.EventValues;
  sections: Array<q.SectionValues & { id?: number | undefined }>;
  speakers: Array<q.SpeakerValues & { id?: number | undefined }>;
}> {
  const problems: KeyedFieldError[] = [];
  const bad = (field: string, key: string, vars?: Record<string, string | number>) =>
    problems.push({ field, message: err(key), ...(vars ? { vars } : {}) });
  const tz = b.time_zone;
  const zoneOk = isTimeZone(tz);
  if (!zoneOk) bad('time_zone', 'timeZone');
  const at = (field: string, v: string | null): Date | null => {
    if (v === null || !zoneOk) return null;
    const d = parseDateTime(v, tz);
    if (!d) bad(field, 'time');
    return d ?? null;
  };
  const startsAt = at('starts_at', b.starts_at);
  const endsAt = at('ends_at', b.ends_at);
  const opensAt = at('registration_opens_at', b.registration_opens_at);
  const closesAt = at('registration_closes_at', b.registration_closes_at);
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) bad('ends_at', 'endBeforeStart');
  if (opensAt && closesAt && closesAt.getTime() <= opensAt.getTime()) bad('registration_closes_at', 'closeBeforeOpen');
  if (b.capacity !== null && b.capacity < registered) bad('capacity', 'capacityBelow', { n: registered });
  const linked = [...new Set(b.speakers.flatMap((s) => (s.user_id === null ? [] : [s.user_id])))];
  const members = await q.appMemberIds(db, appId, linked);
  b.speakers.forEach((s, i) => {
    if (s.user_id !== null && !members.has(s.user_id)) bad(`speakers.${i}.user_id`, 'member');
  });
  const rich = (html: string, field: string) => {
    try {
      return sanitizeRichText(html, { field, maxLength: L.htmlMax });
    } catch (e) {
      if (e instanceof ValidationError) problems.push(...e.fields);
      return { html: '', text: '' };
    }
  };
  const description = rich(b.description, 'description');
  const sections = b.sections.map((s, i) => ({ id: s.id, title: s.title, bodyHtml: rich(s.body, `sections.${i}.body`).html }));
  const speakers = b.speakers.map((s, i) => ({
    id: s.id,
    name: s.name,
    jobTitle: s.job_title,
    company: s.company,
    photoUrl: s.photo_url,
    bioHtml: rich(s.bio, `speakers.${i}.bio`).html,
    userId: s.user_id,
  }));
  if (problems.length > 0 || !startsAt || !endsAt) throw new ValidationError(problems);
  return {
    values: {
      title: b.title,
      descriptionHtml: description.html,
      descriptionText: description.text,
      imageUrl: b.image_url,
      startsAt,
      endsAt,
      timeZone: tz,
      location: b.location,
      mapUrl: b.map_url,
      onlineLocation: b.online_location,
      onlineUrl: b.online_url,
      joinLinkTemplate: b.join_link_template,
      capacity: b.capacity,
      registrationOpensAt: opensAt,
      registrationClosesAt: closesAt,
      externalRegistrationUrl: b.external_registration_url,
      guestLabel: b.guest_label,
    },
    sections,
    speakers,
  };
}

async function moduleOr404(ctx: Ctx, appId: number, moduleId: number) {
  const m = await q.findEventsModule(ctx.db, appId, moduleId);
  if (!m) throw notFound();
  return m.id;
}

export async function listEvents(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  query: { page: number; 'per-page': number; module_id: number },
  reply: FastifyReply,
): Promise<ConsoleEventRow[]> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const moduleId = await moduleOr404(ctx, appId, query.module_id);
  const page = { page: query.page, perPage: query['per-page'] };
  const { rows, total } = await q.listEvents(ctx.db, appId, moduleId, page.perPage, offsetOf(page));
  setPageHeaders(reply, page, total);
  return rows.map(toRow);
}

export async function getEvent(ctx: Ctx, actor: ConsoleActor, appId: number, id: number): Promise<ConsoleEvent> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const row = await q.findEvent(ctx.db, appId, id);
  if (!row) throw notFound();
  return full(ctx.db, row);
}

export async function createEvent(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  b: ConsoleEventParsed & { app_module_id: number },
): Promise<ConsoleEvent> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const moduleId = await moduleOr404(ctx, appId, b.app_module_id);
  const input = await checkInput(ctx.db, appId, b, 0);
  const out = await ctx.db.transaction(async (tx) => {
    const row = await q.insertEvent(tx, { ...input.values, appId, appModuleId: moduleId });
    await q.replaceParts(tx, appId, row.id, input.sections, input.speakers);
    await audit(tx, actor, { appId, action: 'event.create', targetType: 'event', targetId: row.id, after: snapshot(row) });
    return full(tx, row);
  });
  eventChanged(ctx, appId, moduleId, out.id);
  return out;
}

export async function updateEvent(ctx: Ctx, actor: ConsoleActor, appId: number, id: number, b: ConsoleEventParsed): Promise<ConsoleEvent> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const out = await ctx.db.transaction(async (tx) => {
    // The row lock: a registration waits, so the capacity is checked against the count it ends with.
    const before = await q.findEvent(tx, appId, id, true);
    if (!before) throw notFound();
    const input = await checkInput(tx, appId, b, before.registrationsCount);
    const after = await q.updateEvent(tx, id, input.values);
    if (!after) throw notFound();
    await q.replaceParts(tx, appId, id, input.sections, input.speakers);
    await audit(tx, actor, {
      appId,
      action: 'event.update',
      targetType: 'event',
      targetId: id,
      ...changedOnly(snapshot(before), snapshot(after)),
    });
    return full(tx, after);
  });
  eventChanged(ctx, appId, out.app_module_id, id);
  return out;
}

/** A copy of an event, its sections and speakers: no registrations, open, not cancelled. */
export async function duplicateEvent(ctx: Ctx, actor: ConsoleActor, appId: number, id: number): Promise<ConsoleEvent> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const out = await ctx.db.transaction(async (tx) => {
    const src = await q.findEvent(tx, appId, id);
    if (!src) throw notFound();
    const { id: _id, createdAt: _c, search: _s, registrationsCount: _n, cancelledAt: _x, registrationClosed: _r, ...rest } = src;
    const row = await q.insertEvent(tx, { ...rest });
    const parts = await q.partsOf(tx, id);
    await q.replaceParts(
      tx,
      appId,
      row.id,
      parts.sections.map((s) => ({ title: s.title, bodyHtml: s.bodyHtml })),
      parts.speakers.map((s) => ({
        name: s.name,
        jobTitle: s.jobTitle,
        company: s.company,
        photoUrl: s.photoUrl,
        bioHtml: s.bioHtml,
        userId: s.userId,
      })),
    );
    await audit(tx, actor, {
      appId,
      action: 'event.duplicate',
      targetType: 'event',
      targetId: row.id,
      after: { ...snapshot(row), from: id },
    });
    return full(tx, row);
  });
  eventChanged(ctx, appId, out.app_module_id, out.id);
  return out;
}

export async function setState(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  id: number,
  b: { cancelled?: boolean | undefined; registration_closed?: boolean | undefined },
): Promise<ConsoleEvent> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const out = await ctx.db.transaction(async (tx) => {
    const before = await q.findEvent(tx, appId, id, true);
    if (!before) throw notFound();
    const values: { cancelledAt?: Date | null; registrationClosed?: boolean } = {};
    if (b.cancelled !== undefined) values.cancelledAt = b.cancelled ? (before.cancelledAt ?? new Date()) : null;
    if (b.registration_closed !== undefined) values.registrationClosed = b.registration_closed;
    const after = await q.updateEvent(tx, id, values);
    if (!after) throw notFound();
    const action =
      b.cancelled !== undefined
        ? b.cancelled
          ? 'event.cancel'
          : 'event.uncancel'
        : b.registration_closed
          ? 'event.registration.close'
          : 'event.registration.reopen';
    await audit(tx, actor, { appId, action, targetType: 'event', targetId: id, ...changedOnly(snapshot(before), snapshot(after)) });
    return full(tx, after);
  });
  eventChanged(ctx, appId, out.app_module_id, id);
  return out;
}

export async function deleteEvent(ctx: Ctx, actor: ConsoleActor, appId: number, id: number) {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const moduleId = await ctx.db.transaction(async (tx) => {
    const before = await q.findEvent(tx, appId, id, true);
    if (!before) throw notFound();
    await q.deleteEvent(tx, id);
    await audit(tx, actor, {
      appId,
      action: 'event.delete',
      targetType: 'event',
      targetId: id,
      before: { ...snapshot(before), registrations_count: before.registrationsCount },
    });
    return before.appModuleId;
  });
  eventChanged(ctx, appId, moduleId, id, { deleted: true });
  return { success: true as const };
}

export async function listRegistrations(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  id: number,
  query: { page: number; 'per-page': number },
  reply: FastifyReply,
): Promise<ConsoleRegistration[]> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  if (!(await q.findEvent(ctx.db, appId, id))) throw notFound();
  const page = { page: query.page, perPage: query['per-page'] };
  const { rows, total } = await q.pageRegistrations(ctx.db, id, page.perPage, offsetOf(page));
  setPageHeaders(reply, page, total);
  return rows.map((r) => ({
    user_id: r.userId,
    name: r.name,
    email: r.email,
    external: r.external,
    created_at: r.createdAt.toISOString(),
  }));
}

/** The registrations' CSV, in batches (keyset on the member id). */
export async function* registrationsCsv(db: Db, eventId: number, line: (cells: Array<string | boolean>) => string) {
  yield `\uFEFF${line(['email', 'first_name', 'last_name', 'company', 'external', 'registered_at'])}`;
  let after = 0;
  for (;;) {
    const rows = await q.registrationsAfter(db, eventId, after, 500);
    if (rows.length === 0) return;
    yield rows.map((r) => line([r.email, r.firstName, r.lastName, r.company, r.external, r.createdAt.toISOString()])).join('');
    after = rows[rows.length - 1]?.userId ?? after;
    if (rows.length < 500) return;
  }
}

interface ReadLine {
  line: number;
  email: string;
}

/** The addresses of a CSV with an `email` column (any other columns ignored), with their lines. */
function readEmails(csv: string): { emails: ReadLine[]; invalid: ReadLine[] } {
  const K = 'csv';
  if (csv.includes('\u0000')) throw fieldError(K, err('csv.notText'));
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(csv, {
      bom: true,
      delimiter: csvDelimiter(csv),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 64 * 1024,
      to: L.importRowsMax + 2,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch {
    throw fieldError(K, err('csv.unreadable'));
  }
  const [head, ...body] = records;
  if (!head) throw fieldError(K, err('csv.empty'));
  if (body.length > L.importRowsMax) throw fieldError(K, err('csv.tooManyRows'), { max: L.importRowsMax });
  const col = head.record.findIndex(
    (h) =>
      h
        .trim()
        .toLowerCase()
        .replace(/[\s_-]+/g, '') === 'email',
  );
  if (col < 0) throw fieldError(K, err('csv.noEmail'));
  const emails: ReadLine[] = [];
  const invalid: ReadLine[] = [];
  for (const r of body) {
    const raw = (r.record[col] ?? '').trim();
    const parsed = emailSchema.safeParse(raw);
    if (parsed.success) emails.push({ line: r.info.lines, email: parsed.data.toLowerCase() });
    else if (raw !== '' || r.record.some((c) => c !== '')) invalid.push({ line: r.info.lines, email: raw.slice(0, 200) });
  }
  return { emails, invalid };
}

async function planImport(db: Db, appId: number, ev: q.EventRow, csv: string) {
  const { emails, invalid } = readEmails(csv);
  const found = await q.membersByEmail(db, appId, ev.id, [...new Set(emails.map((e) => e.email))]);
  const byEmail = new Map(found.map((m) => [m.email, m]));
  const seen = new Set<number>();
  const toRegister: Array<ReadLine & { id: number }> = [];
  const already: ReadLine[] = [];
  const unknown: ReadLine[] = [];
  for (const e of emails) {
    const m = byEmail.get(e.email);
    if (!m) unknown.push(e);
    else if (m.registered || seen.has(m.id)) already.push(e);
    else {
      seen.add(m.id);
      toRegister.push({ ...e, id: m.id });
    }
  }
  const placesAfter = ev.capacity === null ? null : ev.capacity - ev.registrationsCount - toRegister.length;
  return { toRegister, already, unknown, invalid, placesAfter };
}

const cap = <T>(xs: T[]) => xs.slice(0, L.importErrorsMax * 10);

export async function previewImport(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  id: number,
  csv: string,
): Promise<RegistrationsImportPreview> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const ev = await q.findEvent(ctx.db, appId, id);
  if (!ev) throw notFound();
  const p = await planImport(ctx.db, appId, ev, csv);
  return {
    to_register: cap(p.toRegister.map(({ line, email }) => ({ line, email }))),
    already_registered: cap(p.already),
    unknown: cap(p.unknown),
    invalid: cap(p.invalid),
    places_left_after: p.placesAfter,
  };
}

/**
 * Registers the members the file names, in one transaction under the event's row lock: a file that
 * does not fit the places left is refused whole (422). Importing the same file again registers
 * nobody more.
 */
export async function importRegistrations(ctx: Ctx, actor: ConsoleActor, appId: number, id: number, csv: string) {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const out = await ctx.db.transaction(async (tx) => {
    const ev = await q.findEvent(tx, appId, id, true);
    if (!ev) throw notFound();
    const p = await planImport(tx, appId, ev, csv);
    if (p.placesAfter !== null && p.placesAfter < 0)
      throw fieldError('csv', err('csv.noRoom'), {
        n: p.toRegister.length,
        left: Math.max(0, (ev.capacity ?? 0) - ev.registrationsCount),
      });
    const registered = await q.addRegistrations(
      tx,
      appId,
      id,
      p.toRegister.map((r) => r.id),
    );
    await audit(tx, actor, {
      appId,
      action: 'event.registrations.import',
      targetType: 'event',
      targetId: id,
      after: { registered, already_registered: p.already.length, unknown: p.unknown.length },
    });
    return { registered, already_registered: p.already.length + (p.toRegister.length - registered), moduleId: ev.appModuleId };
  });
  if (out.registered > 0) eventChanged(ctx, appId, out.moduleId, id, { registrations: true });
  return { registered: out.registered, already_registered: out.already_registered };
}
