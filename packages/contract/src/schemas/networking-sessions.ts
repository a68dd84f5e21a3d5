import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { networker } from './networking-hub.ts';

/**
 * Speed and group networking sessions (spec 3 §2, §4; docs/decisions.md "Speed and group
 * networking"): the app's owner plans a session of rounds; members join ("I'm in"); each round the
 * server pairs them (speed: 1:1, group: groups of N) and gives each pair or group a picture and a
 * number, by which partners find each other in the room.
 */

export const SESSIONS = {
  roundsMin: 1,
  roundsMax: 20,
  minutesMin: 2,
  minutesMax: 30,
  groupMin: 3,
  groupMax: 8,
  topicsMax: 10,
  topicMax: 120,
  titleMax: 100,
  /** The pictures partners find each other by (`/networking/symbols.svg#s<n>` on the web). */
  symbols: 40,
  /** Between two rounds: partners part and find the next ones. */
  breakSeconds: 60,
  /** A partner who has not confirmed "Ready" this long into a round counts as not ready (at most half the round). */
  readyWindowSeconds: 60,
  /** A start this far in the past is still accepted (the form's clock). */
  pastSlackSeconds: 300,
  /** A finished session keeps the banner's "completed" state this long. */
  completedShowSeconds: 900,
} as const;

export const sessionMode = z.enum(['speed', 'group']);
export type SessionMode = z.infer<typeof sessionMode>;
export const sessionState = z.enum(['scheduled', 'running', 'completed', 'cancelled']);
export type SessionState = z.infer<typeof sessionState>;
/** A running session is either in a round (`talk`) or between two (`break`). */
export const sessionPhase = z.enum(['talk', 'break']);

const E = 'networking-sessions.errors';
const int = (key: string) => z.number({ error: key }).int({ error: key });

export const sessionBody = z
  .object({
    title: z
      .string({ error: `${E}.titleRequired` })
      .trim()
      .min(1, { error: `${E}.titleRequired` })
      .max(SESSIONS.titleMax, { error: `${E}.titleTooLong` }),
    /** Epoch seconds; not in the past. */
    starts_at: int(`${E}.startRequired`)
      .min(0, { error: `${E}.startRequired` })
      .max(7_258_118_400, { error: `${E}.startRequired` }),
    rounds: int(`${E}.roundsInvalid`)
      .min(SESSIONS.roundsMin, { error: `${E}.roundsInvalid` })
      .max(SESSIONS.roundsMax, { error: `${E}.roundsInvalid` }),
    round_minutes: int(`${E}.minutesInvalid`)
      .min(SESSIONS.minutesMin, { error: `${E}.minutesInvalid` })
      .max(SESSIONS.minutesMax, { error: `${E}.minutesInvalid` }),
    mode: z.enum(['speed', 'group'], { error: `${E}.modeInvalid` }),
    /** Members per group (group mode; speed is 2). */
    group_size: int(`${E}.groupSizeInvalid`)
      .min(SESSIONS.groupMin, { error: `${E}.groupSizeInvalid` })
      .max(SESSIONS.groupMax, { error: `${E}.groupSizeInvalid` })
      .optional(),
    topics: z
      .array(
        z
          .string({ error: `${E}.topicTooLong` })
          .trim()
          .min(1, { error: `${E}.topicEmpty` })
          .max(SESSIONS.topicMax, { error: `${E}.topicTooLong` }),
        { error: `${E}.topicsInvalid` },
      )
      .max(SESSIONS.topicsMax, { error: `${E}.tooManyTopics` })
      .default([]),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.mode === 'group' && b.group_size === undefined)
      ctx.addIssue({ code: 'custom', path: ['group_size'], message: `${E}.groupSizeInvalid` });
  });
export type SessionBody = z.input<typeof sessionBody>;

/** A session as everyone sees it. */
export const session = z.object({
  id: z.number().int(),
  app_module_id: z.number().int(),
  title: z.string(),
  mode: sessionMode,
  group_size: z.number().int(),
  /** Epoch seconds. */
  starts_at: z.number().int(),
  rounds: z.number().int(),
  round_minutes: z.number().int(),
  topics: z.array(z.string()),
  state: sessionState,
  /** 0 before the first round. */
  round: z.number().int(),
  phase: sessionPhase,
  /** When the current round (or break) ends, epoch milliseconds; null when none runs. */
  ends_at: z.number().nullable(),
  /** This round's topic (one per round, in turn). */
  topic: z.string().nullable(),
  /** Members who said "I'm in" (the available user count). */
  participants: z.number().int(),
});
export type Session = z.infer<typeof session>;

/** My place in the current round: the pair's or group's picture and number, and who is in it. */
export const seat = z.object({
  round: z.number().int(),
  number: z.number().int(),
  /** 0 … SESSIONS.symbols - 1. */
  symbol: z.number().int(),
  ready: z.boolean(),
  partners: z.array(networker.extend({ ready: z.boolean() })),
});
export type Seat = z.infer<typeof seat>;

/** The session page: the session, where I stand in it, and (owners) what they may do. */
export const sessionView = z.object({
  session: session.nullable(),
  /** Other scheduled sessions of this mode, soonest first. */
  upcoming: z.array(session),
  me: z.object({
    joined: z.boolean(),
    /** Still matched in the next rounds (left: false). */
    active: z.boolean(),
    seat: seat.nullable(),
    /** A partner was not ready this round: I was taken out of their pair (and matched again if someone was free). */
    partner_not_ready: z.boolean(),
    /** Everyone I met in this session, first met first. */
    met: z.array(networker),
  }),
  is_owner: z.boolean(),
  /** The server's clock, epoch ms (the countdown corrects the device's). */
  now: z.number(),
});
export type SessionView = z.infer<typeof sessionView>;

/** One past session I took part in, each round with my partners. */
export const sessionHistory = z.object({
  session: session,
  rounds: z.array(
    z.object({
      round: z.number().int(),
      number: z.number().int(),
      symbol: z.number().int(),
      topic: z.string().nullable(),
      partners: z.array(networker),
    }),
  ),
});
export type SessionHistory = z.infer<typeof sessionHistory>;

/** The shell's banner: the session on in the app now, if any. */
export const liveSession = z.object({
  state: z.enum(['idle', 'running', 'completed', 'stopped']),
  mode: z.enum(['speedNetworking', 'groupNetworking']).nullable(),
  app_module_id: z.number().int().nullable(),
  session_id: z.number().int().nullable(),
  round: z.number().int(),
});
export type LiveSession = z.infer<typeof liveSession>;

const pid = z.coerce.number().int().positive().max(2_147_483_647);
const modeParams = z.object({ app_module_id: pid, mode: sessionMode }).strict();
const one = z.object({ app_module_id: pid, id: pid }).strict();
const tag = 'networking';

export const networkingSessionsEndpoints = {
  view: defineEndpoint({
    method: 'GET',
    path: '/networking/:app_module_id/sessions/:mode',
    params: modeParams,
    response: sessionView,
    tag,
    summary: 'The speed or group networking page: the current session and my place in it',
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/networking/:app_module_id/sessions/:mode/history',
    params: modeParams,
    response: z.array(sessionHistory),
    tag,
    summary: 'Past sessions I took part in, with my partners of each round (newest first)',
  }),
  live: defineEndpoint({
    method: 'GET',
    path: '/networking/sessions/live',
    response: liveSession,
    tag,
    summary: 'The speed or group networking session on in the app now (the shell’s banner)',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/networking/:app_module_id/sessions',
    params: z.object({ app_module_id: pid }).strict(),
    body: sessionBody,
    response: session,
    tag,
    summary: 'Plan a session (app owners)',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/networking/:app_module_id/sessions/:id',
    params: one,
    body: sessionBody,
    response: session,
    tag,
    summary: 'Change a session before it starts (app owners)',
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/networking/:app_module_id/sessions/:id/cancel',
    params: one,
    response: session,
    tag,
    summary: 'Cancel a session before it ends (app owners)',
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/networking/:app_module_id/sessions/:id/start',
    params: one,
    response: session,
    tag,
    summary: 'Start a planned session now (app owners)',
  }),
  join: defineEndpoint({
    method: 'POST',
    path: '/networking/:app_module_id/sessions/:id/join',
    params: one,
    response: sessionView,
    tag,
    summary: '"I\'m in": take part (while it is planned or running; late joiners are matched with free members)',
  }),
  leave: defineEndpoint({
    method: 'POST',
    path: '/networking/:app_module_id/sessions/:id/leave',
    params: one,
    response: sessionView,
    tag,
    summary: 'Stop being matched in the next rounds',
  }),
  ready: defineEndpoint({
    method: 'POST',
    path: '/networking/:app_module_id/sessions/:id/ready',
    params: one,
    response: sessionView,
    tag,
    summary: 'I found my partner(s) and am ready to talk',
  }),
  notReady: defineEndpoint({
    method: 'POST',
    path: '/networking/:app_module_id/sessions/:id/not-ready',
    params: one,
    response: sessionView,
    tag,
    summary: 'My partner was not ready: match me (and them) again with free members of this round',
  }),
};
