import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { calendarInstant, pageQuery } from './common.ts';
import { CONSOLE_API, consoleAppParams } from './console.ts';

/**
 * Announcements (issue 22): an organiser's message to every member of an app or a segment, in-app
 * and by push, now or at a set time, written in one or several languages (each member gets theirs,
 * else the app's default language's, else the first written). Owners of the app and operators only.
 */
export const ANNOUNCEMENT_LIMITS = { titleMax: 140, bodyMax: 2000 } as const;

const err = (k: string) => `console-announcements.errors.${k}`;

/** A title and a body in one language. */
export const announcementText = z
  .object({
    title: z
      .string({ error: err('title') })
      .trim()
      .min(1, { error: err('title') })
      .max(ANNOUNCEMENT_LIMITS.titleMax, { error: err('titleLong') }),
    body: z
      .string({ error: err('body') })
      .trim()
      .min(1, { error: err('body') })
      .max(ANNOUNCEMENT_LIMITS.bodyMax, { error: err('bodyLong') }),
  })
  .strict();
export type AnnouncementText = z.infer<typeof announcementText>;

export const announcementLocale = z.enum(LOCALES, { error: err('language') });

/** The texts by language (`en_US`, `de_DE`…): at least one. */
export const announcementBodies = z
  .partialRecord(announcementLocale, announcementText, { error: err('bodies') })
  .refine((b) => Object.keys(b).length > 0, { error: err('bodies') });
export type AnnouncementBodies = z.infer<typeof announcementBodies>;

export const announcementRole = z.enum(['owners', 'moderators', 'members'], { error: err('segment') });

/**
 * Who gets it: every member, the members registered for an event, those holding a session in
 * their schedule, or a role (`members`: neither owner nor moderator). Ids must be of this app.
 */
export const announcementSegment = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('all') }).strict(),
    z
      .object({
        kind: z.literal('event'),
        event_id: z
          .number({ error: err('event') })
          .int()
          .positive()
          .max(2_147_483_647),
      })
      .strict(),
    z
      .object({
        kind: z.literal('session'),
        session_id: z
          .number({ error: err('session') })
          .int()
          .positive()
          .max(2_147_483_647),
      })
      .strict(),
    z.object({ kind: z.literal('role'), role: announcementRole }).strict(),
  ],
  { error: err('segment') },
);
export type AnnouncementSegment = z.infer<typeof announcementSegment>;

/** A time to send at: an instant in the future (checked again by the server when saving). */
export const announcementSendAt = calendarInstant.refine((v) => new Date(v).getTime() > Date.now(), { error: err('sendAtPast') });

/** Create or replace (while a draft or scheduled): with `send_at` it is scheduled, without it a draft. */
export const announcementInput = z
  .object({
    bodies: announcementBodies,
    segment: announcementSegment,
    send_at: announcementSendAt.nullable().optional(),
  })
  .strict();
export type AnnouncementInput = z.infer<typeof announcementInput>;

export const announcementStatus = z.enum(['draft', 'scheduled', 'sending', 'sent', 'cancelled']);
export type AnnouncementStatus = z.infer<typeof announcementStatus>;

export const announcement = z.object({
  id: z.number().int(),
  /** The title in the app's default language (else the first written): what lists show. */
  title: z.string(),
  bodies: z.record(z.string(), z.object({ title: z.string(), body: z.string() })),
  segment: announcementSegment,
  status: announcementStatus,
  send_at: z.string().nullable(),
  /** Members it reached (in-app and push handed over); while sending, so far. */
  recipients: z.number().int(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  author_name: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcement>;

export const announcementParams = consoleAppParams.extend({ id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();

export const announcementListQuery = pageQuery.extend({ status: announcementStatus.optional() }).strict();

/** What the segment picker offers: the app's events and agenda sessions. */
export const segmentChoice = z.object({
  id: z.number().int(),
  title: z.string(),
  starts_at: z.string(),
  /** The menu module it belongs to. */
  module_name: z.string(),
});
export type SegmentChoice = z.infer<typeof segmentChoice>;
export const segmentChoices = z.object({
  events: z.array(segmentChoice),
  sessions: z.array(segmentChoice),
  /** The app's default language: what members without a text in theirs read (the composer starts with it). */
  default_locale: z.string(),
});
export type SegmentChoices = z.infer<typeof segmentChoices>;

export const previewCountBody = z.object({ segment: announcementSegment }).strict();
export const previewCountAnswer = z.object({ count: z.number().int() });

const base = `${CONSOLE_API}/apps/:app_id/announcements`;
const tag = 'console';

export const consoleAnnouncementEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: base,
    params: consoleAppParams,
    query: announcementListQuery,
    response: z.array(announcement),
    tag,
    summary: 'Announcements of an app, newest first (x-pagination-* headers)',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: base,
    params: consoleAppParams,
    body: announcementInput,
    response: announcement,
    tag,
    summary: 'Writes an announcement: a draft, or scheduled with send_at',
  }),
  segments: defineEndpoint({
    method: 'GET',
    path: `${base}/segments`,
    params: consoleAppParams,
    response: segmentChoices,
    tag,
    summary: 'The events and sessions an announcement may be sent to the members of',
  }),
  previewCount: defineEndpoint({
    method: 'POST',
    path: `${base}/preview-count`,
    params: consoleAppParams,
    body: previewCountBody,
    response: previewCountAnswer,
    tag,
    summary: 'How many members a segment reaches now',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${base}/:id`,
    params: announcementParams,
    response: announcement,
    tag,
    summary: 'One announcement',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${base}/:id`,
    params: announcementParams,
    body: announcementInput,
    response: announcement,
    tag,
    summary: 'Replaces a draft or scheduled announcement (send_at null makes it a draft again)',
  }),
  cancel: defineEndpoint({
    method: 'DELETE',
    path: `${base}/:id`,
    params: announcementParams,
    response: announcement,
    tag,
    summary: 'Cancels a draft or scheduled announcement (kept, marked cancelled)',
  }),
  send: defineEndpoint({
    method: 'POST',
    path: `${base}/:id/send`,
    params: announcementParams,
    response: announcement,
    tag,
    summary: 'Sends a draft or scheduled announcement now: answers at once (status sending), the fan-out runs in the background',
  }),
};
