import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageQuery } from './common.ts';
import { CONSOLE_API, consoleAppParams } from './console.ts';

/**
 * The console's events (issue 25): an organiser creates, edits, duplicates, cancels and deletes the
 * events of an events module of their app, sees, exports and imports the registrations, and closes
 * or reopens registration. Times are wall times (`YYYY-MM-DDTHH:MM`) in the event's IANA zone.
 * Owners of the app and operators only.
 */
export const CONSOLE_EVENT_LIMITS = {
  titleMax: 200,
  textMax: 300,
  urlMax: 2000,
  htmlMax: 100_000,
  sectionsMax: 30,
  speakersMax: 100,
  capacityMax: 1_000_000,
  /** Characters of an import's CSV text (the console reads the file and sends its text). */
  importMax: 500_000,
  importRowsMax: 10_000,
  importErrorsMax: 200,
} as const;

const err = (k: string) => `console-events.errors.${k}`;
const L = CONSOLE_EVENT_LIMITS;
const id = z.coerce.number().int().positive().max(2_147_483_647);

/** Optional text: '' and null are none. */
const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: err('tooLong') })
    .nullish()
    .transform((v) => (v ? v : null));

/** An http or https address, or none. */
export const optUrl = z
  .string()
  .trim()
  .max(L.urlMax, { error: err('tooLong') })
  .nullish()
  .transform((v) => (v ? v : null))
  .refine(
    (v) => {
      if (v === null) return true;
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: err('url') },
  );

/** A picture: an http or https address, or a path of this site (`/uploads/…`), or none. */
export const optImage = z
  .string()
  .trim()
  .max(L.urlMax, { error: err('tooLong') })
  .nullish()
  .transform((v) => (v ? v : null))
  .refine(
    (v) => {
      if (v === null) return true;
      if (v.startsWith('/') && !v.startsWith('//') && !v.includes('\\')) return true;
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: err('url') },
  );

/** A wall time `YYYY-MM-DDTHH:MM` (seconds allowed) in the event's zone. */
export const wallTime = z
  .string({ error: err('time') })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, { error: err('time') });

export const eventSectionInput = z
  .object({
    /** A section of this event kept (edited in place, its reports stay); none: a new one. */
    id: id.optional(),
    title: z
      .string({ error: err('sectionTitle') })
      .trim()
      .min(1, { error: err('sectionTitle') })
      .max(L.titleMax, { error: err('tooLong') }),
    body: z
      .string()
      .max(L.htmlMax, { error: err('tooLong') })
      .default(''),
  })
  .strict();

export const eventSpeakerInput = z
  .object({
    /** A speaker of this event kept (its page's address stays); none: a new one. */
    id: id.optional(),
    name: z
      .string({ error: err('speakerName') })
      .trim()
      .min(1, { error: err('speakerName') })
      .max(L.titleMax, { error: err('tooLong') }),
    job_title: z
      .string()
      .trim()
      .max(L.textMax, { error: err('tooLong') })
      .default(''),
    company: z
      .string()
      .trim()
      .max(L.textMax, { error: err('tooLong') })
      .default(''),
    photo_url: optImage,
    bio: z
      .string()
      .max(L.htmlMax, { error: err('tooLong') })
      .default(''),
    /** The member behind the speaker (of this app), or none. */
    user_id: id.nullish().transform((v) => v ?? null),
  })
  .strict();

export const consoleEventInput = z
  .object({
    title: z
      .string({ error: err('title') })
      .trim()
      .min(1, { error: err('title') })
      .max(L.titleMax, { error: err('tooLong') }),
    /** Rich text (sanitised by the server). */
    description: z
      .string()
      .max(L.htmlMax, { error: err('tooLong') })
      .default(''),
    image_url: optImage,
    /** IANA zone (`Europe/Berlin`); the times below are wall times in it. */
    time_zone: z
      .string({ error: err('timeZone') })
      .trim()
      .min(1, { error: err('timeZone') })
      .max(64, { error: err('timeZone') }),
    starts_at: wallTime,
    ends_at: wallTime,
    location: z
      .string()
      .trim()
      .max(L.textMax, { error: err('tooLong') })
      .default(''),
    map_url: optUrl,
    online_location: optText(L.textMax),
    online_url: optUrl,
    /** "Join the webinar: {link}". */
    join_link_template: optText(L.textMax),
    capacity: z
      .number({ error: err('capacity') })
      .int({ error: err('capacity') })
      .min(1, { error: err('capacity') })
      .max(L.capacityMax, { error: err('capacity') })
      .nullish()
      .transform((v) => v ?? null),
    registration_opens_at: wallTime.nullish().transform((v) => v ?? null),
    registration_closes_at: wallTime.nullish().transform((v) => v ?? null),
    external_registration_url: optUrl,
    guest_label: optText(L.textMax),
    sections: z
      .array(eventSectionInput)
      .max(L.sectionsMax, { error: err('tooMany') })
      .default([]),
    speakers: z
      .array(eventSpeakerInput)
      .max(L.speakersMax, { error: err('tooMany') })
      .default([]),
  })
  .strict();
export type ConsoleEventInput = z.input<typeof consoleEventInput>;
export type ConsoleEventParsed = z.output<typeof consoleEventInput>;

export const consoleEventCreate = consoleEventInput.extend({ app_module_id: id }).strict();

export const consoleEventSection = z.object({ id: z.number().int(), title: z.string(), body: z.string() });
export const consoleEventSpeaker = z.object({
  id: z.number().int(),
  name: z.string(),
  job_title: z.string(),
  company: z.string(),
  photo_url: z.string().nullable(),
  bio: z.string(),
  user_id: z.number().int().nullable(),
  /** The linked member's name and address (the console shows whom it links). */
  user_label: z.string().nullable(),
});

/** An event as the console edits it: wall times in its zone, plus its instants and state. */
export const consoleEvent = z.object({
  id: z.number().int(),
  app_module_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  time_zone: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** The instants (ISO, UTC). */
  starts_at_utc: z.string(),
  ends_at_utc: z.string(),
  location: z.string(),
  map_url: z.string().nullable(),
  online_location: z.string().nullable(),
  online_url: z.string().nullable(),
  join_link_template: z.string().nullable(),
  capacity: z.number().int().nullable(),
  registration_opens_at: z.string().nullable(),
  registration_closes_at: z.string().nullable(),
  external_registration_url: z.string().nullable(),
  guest_label: z.string().nullable(),
  registration_closed: z.boolean(),
  cancelled_at: z.string().nullable(),
  registrations_count: z.number().int(),
  created_at: z.string(),
  sections: z.array(consoleEventSection),
  speakers: z.array(consoleEventSpeaker),
});
export type ConsoleEvent = z.infer<typeof consoleEvent>;

/** A row of the list: no sections nor speakers. */
export const consoleEventRow = consoleEvent.omit({ sections: true, speakers: true, description: true });
export type ConsoleEventRow = z.infer<typeof consoleEventRow>;

export const consoleEventParams = consoleAppParams.extend({ id }).strict();
export const consoleEventsQuery = pageQuery.extend({ module_id: id }).strict();

/** Cancel or un-cancel, close or reopen registration (either or both). */
export const consoleEventState = z
  .object({ cancelled: z.boolean().optional(), registration_closed: z.boolean().optional() })
  .strict()
  .refine((v) => v.cancelled !== undefined || v.registration_closed !== undefined, { error: err('state') });

export const consoleRegistration = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  external: z.boolean(),
  created_at: z.string(),
});
export type ConsoleRegistration = z.infer<typeof consoleRegistration>;

/** An import: the CSV text (an `email` column; comma or semicolon). */
export const registrationsImport = z
  .object({ csv: z.string({ error: err('csv.empty') }).max(L.importMax, { error: err('csv.tooLarge') }) })
  .strict();

export const importLine = z.object({ line: z.number().int(), email: z.string() });
export const registrationsImportPreview = z.object({
  /** Members of the app who would be registered. */
  to_register: z.array(importLine),
  /** Members already registered (left as they are). */
  already_registered: z.array(importLine),
  /** Addresses of no member of the app. */
  unknown: z.array(importLine),
  /** Lines with an unreadable address. */
  invalid: z.array(importLine),
  /** Places left after the import (null: no limit); negative: the import does not fit. */
  places_left_after: z.number().int().nullable(),
});
export type RegistrationsImportPreview = z.infer<typeof registrationsImportPreview>;
export const registrationsImportResult = z.object({ registered: z.number().int(), already_registered: z.number().int() });

const base = `${CONSOLE_API}/apps/:app_id/events`;
const one = `${base}/:id(^\\d+$)`;
const tag = 'console';
export const EVENT_REGISTRATIONS_EXPORT_PATH = `${one}/registrations.csv`;

export const consoleEventsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: base,
    params: consoleAppParams,
    query: consoleEventsQuery,
    response: z.array(consoleEventRow),
    tag,
    summary: 'Events of an events module of the app, latest start first (x-pagination-* headers)',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: base,
    params: consoleAppParams,
    body: consoleEventCreate,
    response: consoleEvent,
    tag,
    summary: 'Creates an event in an events module',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: one,
    params: consoleEventParams,
    response: consoleEvent,
    tag,
    summary: 'One event with its sections and speakers',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: one,
    params: consoleEventParams,
    body: consoleEventInput,
    response: consoleEvent,
    tag,
    summary: 'Replaces an event (its sections and speakers too)',
  }),
  duplicate: defineEndpoint({
    method: 'POST',
    path: `${one}/duplicate`,
    params: consoleEventParams,
    response: consoleEvent,
    tag,
    summary: 'Copies an event (without its registrations, open, not cancelled)',
  }),
  state: defineEndpoint({
    method: 'PATCH',
    path: `${one}/state`,
    params: consoleEventParams,
    body: consoleEventState,
    response: consoleEvent,
    tag,
    summary: 'Cancels or un-cancels an event, closes or reopens its registration',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: one,
    params: consoleEventParams,
    response: z.object({ success: z.literal(true) }),
    tag,
    summary: 'Deletes an event with its registrations',
  }),
  registrations: defineEndpoint({
    method: 'GET',
    path: `${one}/registrations`,
    params: consoleEventParams,
    query: pageQuery,
    response: z.array(consoleRegistration),
    tag,
    summary: 'The registered members, newest first (x-pagination-* headers)',
  }),
  importPreview: defineEndpoint({
    method: 'POST',
    path: `${one}/registrations/import/preview`,
    params: consoleEventParams,
    body: registrationsImport,
    response: registrationsImportPreview,
    tag,
    summary: 'What importing these registrations would do (nothing written)',
  }),
  import: defineEndpoint({
    method: 'POST',
    path: `${one}/registrations/import`,
    params: consoleEventParams,
    body: registrationsImport,
    response: registrationsImportResult,
    tag,
    summary: 'Registers the members a CSV names, in one transaction (again: nothing more)',
  }),
};
