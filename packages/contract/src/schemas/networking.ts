import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { idParam } from './common.ts';

/**
 * 1:1 meetings of the networking hub (spec 3 §3 "Meeting (1:1)", §4, §5, §7): a member asks
 * another member of the same app for a slot; the invitee accepts or declines; the initiator edits;
 * either cancels. `POST /meet` and `PUT /meet/{id}` are the spec's paths; the rest are ours
 * (docs/decisions.md "1:1 meetings").
 */

export const MEET = {
  /** Minutes (spec 3 §9). */
  durations: [15, 30, 45, 60] as const,
  defaultDuration: 15,
  locationMax: 200,
  titleMax: 500,
  /** The newest meetings a list answers (a member has a few dozen). */
  listMax: 300,
  /** Requests a member may send in 24 hours (withdrawn ones count: no withdraw-and-resend loop). */
  requestsPerDay: 30,
} as const;

export const MEET_ICS = { one: (id: number) => `/meet/${id}/ics` } as const;

/** The screen of my meetings (spec 3 §2 networking.meets): where notices and "See all 1:1 Meets" lead. */
export const MEETS_PATH = '/networking/meets/index';

/** An IANA zone name this runtime knows (the browser's `Intl.DateTimeFormat().resolvedOptions().timeZone`). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const duration = z
  .number({ error: 'networking.errors.durationInvalid' })
  .int({ error: 'networking.errors.durationInvalid' })
  .refine((d) => (MEET.durations as readonly number[]).includes(d), { error: 'networking.errors.durationInvalid' })
  .default(MEET.defaultDuration);

/** The fields both calls send (PUT /meet/{id} has no invitee). */
const meetFields = {
  duration,
  /** Epoch seconds. */
  time_start: z
    .number({ error: 'networking.errors.timeRequired' })
    .int({ error: 'networking.errors.timeRequired' })
    .min(0, { error: 'networking.errors.timeRequired' })
    .max(7_258_118_400, { error: 'networking.errors.timeRequired' }),
  location: z
    .string({ error: 'networking.errors.locationTooLong' })
    .trim()
    .max(MEET.locationMax, { error: 'networking.errors.locationTooLong' })
    .default(''),
  /** The cover message. */
  title: z
    .string({ error: 'networking.errors.titleTooLong' })
    .trim()
    .max(MEET.titleMax, { error: 'networking.errors.titleTooLong' })
    .default(''),
  timezone_name: z
    .string({ error: 'networking.errors.timezoneInvalid' })
    .refine(isTimeZone, { error: 'networking.errors.timezoneInvalid' })
    .default('UTC'),
};

export const meetCreateBody = z
  .object({
    user_id: z
      .number({ error: 'networking.errors.inviteeRequired' })
      .int({ error: 'networking.errors.inviteeRequired' })
      .positive({ error: 'networking.errors.inviteeRequired' })
      .max(2_147_483_647, { error: 'networking.errors.inviteeRequired' }),
    ...meetFields,
  })
  .strict();
export type MeetCreateBody = z.input<typeof meetCreateBody>;

export const meetUpdateBody = z.object(meetFields).strict();
export type MeetUpdateBody = z.input<typeof meetUpdateBody>;

export const meetStatus = z.enum(['pending', 'accepted', 'rejected', 'cancelled']);
export type MeetStatus = z.infer<typeof meetStatus>;

export const meetUser = z.object({
  id: z.number().int(),
  fullname: z.string(),
  avatar: z.string().nullable(),
  job_title: z.string(),
  company: z.string(),
});
export type MeetUser = z.infer<typeof meetUser>;

/** A meeting as both parties see it (nothing in it depends on the reader). */
export const meeting = z.object({
  id: z.number().int(),
  status: meetStatus,
  /** Epoch seconds. */
  time_start: z.number().int(),
  time_end: z.number().int(),
  duration: z.number().int(),
  location: z.string(),
  /** The cover message. */
  title: z.string(),
  /** The zone the initiator chose the slot in. */
  timezone_name: z.string(),
  initiator: meetUser,
  invitee: meetUser,
  /** Who cancelled it (either party), when cancelled. */
  cancelled_by: z.number().int().nullable(),
  /** Waiting again after the initiator moved it (it was accepted before). */
  moved: z.boolean(),
  /** +1 on each change: the calendar's SEQUENCE. */
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Meeting = z.infer<typeof meeting>;

/** `moved`: an accepted meeting's time or place changed, so it waits for the invitee's answer again. */
export type MeetingChange = 'requested' | 'updated' | 'moved' | 'accepted' | 'rejected' | 'cancelled';

declare module '../realtime.ts' {
  interface ServerToClientEvents {
    /** A meeting of mine was requested, changed or answered: to both parties' `user:` rooms. */
    networkingMeeting: (payload: { meeting: Meeting; what: MeetingChange; by: number }) => void;
  }
}

const tag = 'networking';
export const networkingEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/meet',
    response: z.array(meeting),
    tag,
    summary: 'My 1:1 meetings (initiated or received), the newest slots first',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/meet/:id',
    params: idParam,
    response: meeting,
    tag,
    summary: 'One of my 1:1 meetings',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/meet',
    body: meetCreateBody,
    response: meeting,
    tag,
    summary: 'Ask another member of the app for a 1:1 (spec 3 §7)',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/meet/:id',
    params: idParam,
    body: meetUpdateBody,
    response: meeting,
    tag,
    summary: 'Change the slot, place or message of a meeting I asked for (spec 3 §7)',
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/meet/:id/accept',
    params: idParam,
    response: meeting,
    tag,
    summary: 'Accept a request I received',
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/meet/:id/reject',
    params: idParam,
    response: meeting,
    tag,
    summary: 'Decline a request I received',
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/meet/:id/cancel',
    params: idParam,
    response: meeting,
    tag,
    summary: 'Cancel a request I sent, or an accepted meeting (either party)',
  }),
};
