import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { calendarInstant, okBody } from './common.ts';
import { CONSOLE_API } from './console.ts';

/**
 * The console's "Agenda" area (issue 25): one agenda module of an app, its tracks, rooms, speakers
 * and sessions, the grid by day and room with its conflicts, and publishing the drafts. Owners of the
 * app and operators only; messages are i18n keys of the `console-agenda` namespace.
 */
export const CONSOLE_AGENDA_LIMITS = {
  nameMax: 200,
  titleMax: 300,
  colorPattern: /^#[0-9a-fA-F]{6}$/,
  richTextMax: 100_000,
  linksMax: 20,
  speakersPerSession: 50,
  urlMax: 2048,
  capacityMax: 1_000_000,
  /** Conflicts the grid answers at most (the rest are counted, not listed). */
  conflictsMax: 500,
} as const;

const err = (k: string) => `console-agenda.errors.${k}`;
const idNumber = z.coerce.number().int().positive().max(2_147_483_647);
const refId = z
  .number({ error: err('invalid') })
  .int({ error: err('invalid') })
  .positive({ error: err('invalid') })
  .max(2_147_483_647, { error: err('invalid') });

export const agendaModuleParams = z.object({ app_id: idNumber, module_id: idNumber }).strict();
export const agendaItemParams = z.object({ app_id: idNumber, module_id: idNumber, id: idNumber }).strict();

const name = z
  .string({ error: err('name') })
  .trim()
  .min(1, { error: err('name') })
  .max(CONSOLE_AGENDA_LIMITS.nameMax, { error: err('tooLong') });
const richText = z.string({ error: err('invalid') }).max(CONSOLE_AGENDA_LIMITS.richTextMax, { error: err('tooLong') });
const capacity = z
  .number({ error: err('capacity') })
  .int({ error: err('capacity') })
  .min(0, { error: err('capacity') })
  .max(CONSOLE_AGENDA_LIMITS.capacityMax, { error: err('capacity') })
  .nullable();
const instant = z.string({ error: err('time') }).refine((v) => calendarInstant.safeParse(v).success, { error: err('time') });
const httpUrl = z
  .string({ error: err('url') })
  .trim()
  .max(CONSOLE_AGENDA_LIMITS.urlMax, { error: err('tooLong') })
  .refine(
    (v) => {
      if (v.startsWith('/uploads/')) return true;
      try {
        const u = new URL(v);
        return u.protocol === 'https:' || u.protocol === 'http:';
      } catch {
        return false;
      }
    },
    { error: err('url') },
  );

export const trackInput = z
  .object({
    name,
    color: z.string({ error: err('color') }).regex(CONSOLE_AGENDA_LIMITS.colorPattern, { error: err('color') }),
    position: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();
export type TrackInput = z.infer<typeof trackInput>;

export const roomInput = z
  .object({
    name,
    capacity,
    position: z
      .number({ error: err('invalid') })
      .int()
      .min(0)
      .max(100_000)
      .optional(),
  })
  .strict();
export type RoomInput = z.infer<typeof roomInput>;

export const speakerLink = z
  .object({
    label: z
      .string()
      .trim()
      .max(100, { error: err('tooLong') }),
    url: httpUrl,
  })
  .strict();
export const speakerInput = z
  .object({
    name,
    job_title: z
      .string()
      .trim()
      .max(CONSOLE_AGENDA_LIMITS.nameMax, { error: err('tooLong') })
      .default(''),
    company: z
      .string()
      .trim()
      .max(CONSOLE_AGENDA_LIMITS.nameMax, { error: err('tooLong') })
      .default(''),
    photo_url: httpUrl.nullable().default(null),
    bio: richText.default(''),
    links: z
      .array(speakerLink)
      .max(CONSOLE_AGENDA_LIMITS.linksMax, { error: err('tooMany') })
      .default([]),
    /** A member of the app who is this speaker (they moderate their sessions' Q&A). */
    user_id: refId.nullable().default(null),
  })
  .strict();
export type SpeakerInput = z.input<typeof speakerInput>;

export const sessionInput = z
  .object({
    title: z
      .string({ error: err('title') })
      .trim()
      .min(1, { error: err('title') })
      .max(CONSOLE_AGENDA_LIMITS.titleMax, { error: err('tooLong') }),
    description: richText.default(''),
    starts_at: instant,
    ends_at: instant,
    track_id: refId.nullable().default(null),
    room_id: refId.nullable().default(null),
    speaker_ids: z
      .array(refId)
      .max(CONSOLE_AGENDA_LIMITS.speakersPerSession, { error: err('tooMany') })
      .default([]),
    capacity: capacity.default(null),
    qa_enabled: z.boolean().default(true),
    rating_enabled: z.boolean().default(true),
    /** A draft is not shown to attendees until published. */
    draft: z.boolean().default(true),
    cancelled: z.boolean().default(false),
  })
  .strict();
export type SessionInput = z.input<typeof sessionInput>;

/** A move in the grid: another time and/or room (null: no room). */
export const sessionMove = z.object({ starts_at: instant, ends_at: instant, room_id: refId.nullable().optional() }).strict();
export type SessionMove = z.infer<typeof sessionMove>;

export const consoleTrack = z.object({ id: z.number().int(), name: z.string(), color: z.string(), position: z.number().int() });
export type ConsoleTrack = z.infer<typeof consoleTrack>;
export const consoleRoom = z.object({
  id: z.number().int(),
  name: z.string(),
  capacity: z.number().int().nullable(),
  position: z.number().int(),
});
export type ConsoleRoom = z.infer<typeof consoleRoom>;
export const consoleSpeaker = z.object({
  id: z.number().int(),
  name: z.string(),
  job_title: z.string(),
  company: z.string(),
  photo_url: z.string().nullable(),
  bio: z.string(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  user_id: z.number().int().nullable(),
  /** The linked member's name (null when none). */
  user_name: z.string().nullable(),
});
export type ConsoleSpeaker = z.infer<typeof consoleSpeaker>;

/** A session as the grid and the list show it (no description). */
export const consoleSession = z.object({
  id: z.number().int(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  track_id: z.number().int().nullable(),
  room_id: z.number().int().nullable(),
  speaker_ids: z.array(z.number().int()),
  capacity: z.number().int().nullable(),
  qa_enabled: z.boolean(),
  rating_enabled: z.boolean(),
  draft: z.boolean(),
  cancelled: z.boolean(),
  version: z.number().int(),
});
export type ConsoleSession = z.infer<typeof consoleSession>;
export const consoleSessionDetail = consoleSession.extend({ description: z.string() });
export type ConsoleSessionDetail = z.infer<typeof consoleSessionDetail>;

/** Two sessions (or more, pairwise) at overlapping times in one room or with one speaker. */
export const agendaConflict = z.object({
  kind: z.enum(['room', 'speaker']),
  /** The room's or the speaker's id. */
  ref_id: z.number().int(),
  session_ids: z.tuple([z.number().int(), z.number().int()]),
});
export type AgendaConflict = z.infer<typeof agendaConflict>;

/** The grid's data: the whole module (drafts included) with its conflicts. */
export const agendaGrid = z.object({
  tracks: z.array(consoleTrack),
  rooms: z.array(consoleRoom),
  speakers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  sessions: z.array(consoleSession),
  conflicts: z.array(agendaConflict),
  /** All conflicts, also those beyond `conflicts`' bound. */
  conflicts_count: z.number().int(),
  drafts_count: z.number().int(),
});
export type AgendaGrid = z.infer<typeof agendaGrid>;

export const publishAnswer = z.object({ published: z.number().int() });

const base = `${CONSOLE_API}/apps/:app_id/agenda/:module_id`;
const tag = 'console';
const item = (p: string) => `${base}/${p}/:id(^\\d+$)`;

function crud<I extends z.ZodType, O extends z.ZodType>(p: string, what: string, input: I, output: O) {
  return {
    create: defineEndpoint({
      method: 'POST',
      path: `${base}/${p}`,
      params: agendaModuleParams,
      body: input,
      response: output,
      tag,
      summary: `Creates a ${what}`,
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: item(p),
      params: agendaItemParams,
      body: input,
      response: output,
      tag,
      summary: `Replaces a ${what}`,
    }),
    remove: defineEndpoint({
      method: 'DELETE',
      path: item(p),
      params: agendaItemParams,
      response: okBody,
      tag,
      summary: `Deletes a ${what}`,
    }),
  };
}

export const consoleAgendaEndpoints = {
  grid: defineEndpoint({
    method: 'GET',
    path: `${base}/grid`,
    params: agendaModuleParams,
    response: agendaGrid,
    tag,
    summary: 'An agenda module as the console edits it: tracks, rooms, speakers, every session (drafts too) and the conflicts',
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: `${base}/publish`,
    params: agendaModuleParams,
    response: publishAnswer,
    tag,
    summary: 'Publishes every draft session of the module at once; attendees see them',
  }),
  speakers: defineEndpoint({
    method: 'GET',
    path: `${base}/speakers`,
    params: agendaModuleParams,
    response: z.array(consoleSpeaker),
    tag,
    summary: 'The speakers of an agenda module, by name',
  }),
  session: defineEndpoint({
    method: 'GET',
    path: item('sessions'),
    params: agendaItemParams,
    response: consoleSessionDetail,
    tag,
    summary: 'One session with its description',
  }),
  move: defineEndpoint({
    method: 'PATCH',
    path: item('sessions'),
    params: agendaItemParams,
    body: sessionMove,
    response: consoleSession,
    tag,
    summary: 'Moves a session to another time or room (the grid)',
  }),
  sessions: crud('sessions', 'session', sessionInput, consoleSessionDetail),
  tracks: crud('tracks', 'track', trackInput, consoleTrack),
  rooms: crud('rooms', 'room', roomInput, consoleRoom),
  speakerCrud: crud('speakers', 'speaker', speakerInput, consoleSpeaker),
};
