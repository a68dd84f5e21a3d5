import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageQuery } from './common.ts';
import { CONSOLE_API, consoleAppParams } from './console.ts';

/**
 * The console's moderation queue (issue 22): every report of every module in one list, grouped by
 * what was reported, with hide, delete, dismiss and block-the-author, each with a reason; "Contact
 * App Owner" messages too, answered by mail. Moderators, owners and operators of the app.
 */

/** What members can report, by the module that keeps the reports. */
export const REPORT_KINDS = [
  'post',
  'comment',
  'listing',
  'topic',
  'topicComment',
  'catalog',
  'event',
  'speaker',
  'section',
  'profile',
  'app',
  'contact',
] as const;
export const reportKind = z.enum(REPORT_KINDS, { error: 'console-moderation.errors.kind' });
export type ReportKind = z.infer<typeof reportKind>;

export const MODERATION_ACTIONS = ['dismiss', 'hide', 'delete', 'block'] as const;
export const moderationAction = z.enum(MODERATION_ACTIONS, { error: 'console-moderation.errors.action' });
export type ModerationAction = z.infer<typeof moderationAction>;

export const MODERATION_LIMITS = { reasonMax: 500, answerMax: 5000 } as const;

export const moderationQueueQuery = pageQuery
  .extend({
    status: z.enum(['open', 'done'], { error: 'console-moderation.errors.status' }).default('open'),
    kind: reportKind.optional(),
  })
  .strict();

const person = z.object({ id: z.number().int(), name: z.string() });

/** An open item of the queue: one reported target with its reports. */
export const moderationItem = z.object({
  kind: reportKind,
  target_id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  /** Who wrote it; null for what the organisers wrote (an event) or the app itself. */
  author: person.nullable(),
  /** Its page in the attendee app (a path), when it has one. */
  link: z.string().nullable(),
  hidden: z.boolean(),
  /** Gone since it was reported (deleted by its author): only dismiss is left. */
  gone: z.boolean(),
  reports_count: z.number().int(),
  last_reported_at: z.string(),
  /** The latest few reporters, newest first. */
  reporters: z.array(person),
  /** What can be done with it here. */
  actions: z.array(z.enum(['dismiss', 'hide', 'delete', 'block', 'answer'])),
});
export type ModerationItem = z.infer<typeof moderationItem>;

/** A decision of the Done tab. */
export const moderationDecision = z.object({
  id: z.number().int(),
  kind: reportKind,
  target_id: z.number().int(),
  action: z.enum(['dismiss', 'hide', 'delete', 'block', 'answer']),
  reason: z.string(),
  actor: z.string(),
  created_at: z.string(),
  title: z.string(),
  excerpt: z.string(),
  author: person.nullable(),
  reports_count: z.number().int(),
});
export type ModerationDecision = z.infer<typeof moderationDecision>;

export const moderationQueue = z.object({
  status: z.enum(['open', 'done']),
  open: z.array(moderationItem),
  done: z.array(moderationDecision),
});
export type ModerationQueue = z.infer<typeof moderationQueue>;

export const moderationCount = z.object({ open: z.number().int() });

export const moderationTargetParams = consoleAppParams
  .extend({
    kind: reportKind,
    target_id: z.coerce.number().int().positive().max(2_147_483_647),
  })
  .strict();

const reason = z
  .string({ error: 'console-moderation.errors.reasonRequired' })
  .trim()
  .min(1, { error: 'console-moderation.errors.reasonRequired' })
  .max(MODERATION_LIMITS.reasonMax, { error: 'console-moderation.errors.reasonTooLong' });

export const moderationDecideBody = z.object({ action: moderationAction, reason }).strict();
export type ModerationDecideBody = z.infer<typeof moderationDecideBody>;

export const contactAnswerParams = consoleAppParams.extend({ id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();
export const contactAnswerBody = z
  .object({
    message: z
      .string({ error: 'console-moderation.errors.answerRequired' })
      .trim()
      .min(1, { error: 'console-moderation.errors.answerRequired' })
      .max(MODERATION_LIMITS.answerMax, { error: 'console-moderation.errors.answerTooLong' }),
  })
  .strict();
export type ContactAnswerBody = z.infer<typeof contactAnswerBody>;

/** The open count of an app's queue, sent on the `/console` socket namespace to those watching it. */
export interface ModerationCountEvent {
  app_id: number;
  open: number;
}

declare module '../realtime.ts' {
  interface ServerToClientEvents {
    /** Console namespace only: the open count of a watched app's moderation queue. */
    moderationCount: (payload: ModerationCountEvent) => void;
  }
}

/** The console's socket namespace (same socket.io path as the attendee app's). */
export const CONSOLE_SOCKET_NAMESPACE = '/console';

/** Events of the `/console` namespace (both directions). */
export interface ConsoleServerEvents {
  moderationCount: (payload: ModerationCountEvent) => void;
}
export interface ConsoleClientEvents {
  /** Follow an app's queue: answered `{ ok: true, open }` or `{ ok: false, status }`. */
  watch: (payload: { app_id: number }, ack?: (answer: { ok: true; open: number } | { ok: false; status: number }) => void) => void;
}
export const consoleWatchPayload = z.object({ app_id: z.number().int().positive() }).strict();

const tag = 'console';
const base = `${CONSOLE_API}/apps/:app_id/moderation`;
export const consoleModerationEndpoints = {
  queue: defineEndpoint({
    method: 'GET',
    path: base,
    params: consoleAppParams,
    query: moderationQueueQuery,
    response: moderationQueue,
    tag,
    summary: 'The moderation queue: open reported targets (newest report first) or the decisions taken, paged',
  }),
  count: defineEndpoint({
    method: 'GET',
    path: `${base}/count`,
    params: consoleAppParams,
    response: moderationCount,
    tag,
    summary: 'How many reported targets wait for a decision',
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: `${base}/:kind/:target_id/decide`,
    params: moderationTargetParams,
    body: moderationDecideBody,
    response: z.object({ success: z.literal(true), open: z.number().int() }),
    tag,
    summary: 'Decides on a reported target: dismiss the reports, hide it, delete it or block its author, with a reason',
  }),
  answer: defineEndpoint({
    method: 'POST',
    path: `${base}/contact/:id/answer`,
    params: contactAnswerParams,
    body: contactAnswerBody,
    response: z.object({ success: z.literal(true), open: z.number().int() }),
    tag,
    summary: 'Answers a "Contact App Owner" message by mail to the member (replies go to the app owner)',
  }),
};
