import type { LookupAddress } from 'node:dns';
import type https from 'node:https';
import { toLocale } from '@app/contract/constants';
import type { NotificationCategoryName } from '@app/contract/notification-categories';
import webpush from 'web-push';
import type { Ctx } from '../../context.ts';
import { translate } from '../../lib/i18n.ts';
import { pinnedAgent, resolvePublic } from '../../lib/safe-fetch.ts';
import * as q from './push.queries.ts';

export type PushCategory = NotificationCategoryName;

/**
 * A text of a notification: a string is sent as it is (a chat message, the admin's own words); a
 * key (`settings.push.newPost`) with its variables is written in each recipient's language.
 */
export type PushText = string | { key: string; vars?: Record<string, string | number> };

/** A text in one language. */
export const renderText = (text: PushText, locale: string): string =>
  typeof text === 'string' ? text : translate(toLocale(locale), text.key, text.vars);

/** What a notification shows; `url` is where a click opens (sent as `click_url` too). */
export interface PushMessage {
  title: PushText;
  body: PushText;
  url: string;
  /** Collapses pushes of one conversation: one waiting per tag at the push service (`Topic`), one shown. */
  tag?: string;
}

/** Who gets it: members by id, or every member of the app (but `except`). */
export type Audience = { userIds: number[] } | { allMembers: true; except?: number };

/** Subscriptions read per query, and pushes in flight at once. */
export const FANOUT = { batch: 500, concurrency: 32, queueMax: 1_000 } as const;

const SUBJECT = 'mailto:no-reply@eventapp.local';
const VAPID_TTL_MS = 60 * 60_000;

interface Job {
  appId: number;
  category: PushCategory;
  audience: Audience;
  msg: PushMessage;
}

/** A push service host: the checked address, one keep-alive agent, and the signed VAPID header. */
interface Target {
  address: LookupAddress | undefined;
  agent: https.Agent | undefined;
  vapid: { header: string; until: number } | undefined;
}

/**
 * The background sender of one server: requests hand it pushes (`queuePush`) and never wait. It
 * runs one job at a time; a job reads the subscriptions in batches (member choices applied in the
 * query), records one push per member and posts to the push services with bounded concurrency.
 * Subscriptions the push service reports gone (404/410) are removed in one statement per batch.
 */
class PushSender {
  private queue: Job[] = [];
  private running: Promise<void> | null = null;
  constructor(private ctx: Ctx) {}

  add(job: Job) {
    if (this.queue.length >= FANOUT.queueMax) {
      this.ctx.log.warn({ category: job.category }, 'push: queue full, a fan-out was dropped');
      return;
    }
    this.queue.push(job);
    if (!this.running) this.running = this.drain().finally(() => (this.running = null));
  }

  /** Fan-outs waiting (metrics). */
  get backlog(): number {
    return this.queue.length;
  }

  /** Resolves when nothing is queued or being sent (tests, bench, shutdown). */
  async idle() {
    while (this.running) await this.running;
  }

  private async drain() {
    for (let job = this.queue.shift(); job; job = this.queue.shift()) {
      await runJob(this.ctx, job).catch((err: unknown) =>
        this.ctx.log.warn({ err: errorCodes(err), category: job?.category }, 'push: a fan-out failed'),
      );
    }
  }
}

const senders = new WeakMap<Ctx, PushSender>();
export function pushSender(ctx: Ctx): PushSender {
  let s = senders.get(ctx);
  if (!s) {
    s = new PushSender(ctx);
    senders.set(ctx, s);
  }
  return s;
}

/**
 * Hands a push to the background sender: returns at once, the request never waits for the
 * push services. Nothing is sent to a member who turned the category's push off.
 */
export function queuePush(ctx: Ctx, appId: number, category: PushCategory, audience: Audience, msg: PushMessage): void {
  if ('userIds' in audience && audience.userIds.length === 0) return;
  pushSender(ctx).add({ appId, category, audience, msg });
}

/** Sends now and waits (one member): the number of devices the push services accepted. */
export async function sendPush(ctx: Ctx, appId: number, userId: number, category: PushCategory, msg: PushMessage): Promise<number> {
  return runJob(ctx, { appId, category, audience: { userIds: [userId] }, msg });
}

async function runJob(ctx: Ctx, job: Job): Promise<number> {
  const targets = new Map<string, Target>();
  const texts: Texts = new Map();
  let delivered = 0;
  try {
    if ('userIds' in job.audience) {
      const ids = [...new Set(job.audience.userIds)];
      for (let i = 0; i < ids.length; i += FANOUT.batch) {
        const subs = await q.subscriptionsOfUsers(ctx.db, job.appId, ids.slice(i, i + FANOUT.batch), job.category);
        delivered += await sendBatch(ctx, job, subs, targets, texts);
      }
    } else {
      let after = 0;
      for (;;) {
        const subs = await q.subscriptionsOfApp(ctx.db, job.appId, job.category, after, FANOUT.batch, job.audience.except ?? 0);
        delivered += await sendBatch(ctx, job, subs, targets, texts);
        const last = subs.at(-1);
        if (!last || subs.length < FANOUT.batch) break;
        after = last.id;
      }
    }
  } finally {
    for (const t of targets.values()) t.agent?.destroy();
  }
  return delivered;
}

/** The job's texts per recipient language, each written once per job. */
type Texts = Map<string, { title: string; body: string }>;
function textsIn(job: Job, texts: Texts, locale: string) {
  let t = texts.get(locale);
  if (!t) {
    t = { title: renderText(job.msg.title, locale), body: renderText(job.msg.body, locale) };
    texts.set(locale, t);
  }
  return t;
}

async function sendBatch(ctx: Ctx, job: Job, subs: q.SubscriptionRow[], targets: Map<string, Target>, texts: Texts): Promise<number> {
  if (subs.length === 0) return 0;
  const members = new Map(subs.map((s) => [s.userId, textsIn(job, texts, s.locale).title]));
  const ids = await q.insertPushMessages(
    ctx.db,
    [...members].map(([userId, title]) => ({ userId, title })),
  );
  const topic = job.msg.tag?.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);
  const gone: number[] = [];
  let delivered = 0;
  let next = 0;
  const worker = async () => {
    while (next < subs.length) {
      const s = subs[next++];
      if (!s) break;
      const payload = JSON.stringify({
        ...job.msg,
        ...textsIn(job, texts, s.locale),
        click_url: job.msg.url,
        category: job.category,
        pushAnalyticsId: ids.get(s.userId),
      });
      const status = await post(ctx, s, payload, topic, targets);
      if (status === 'ok') delivered++;
      else if (status === 'gone') gone.push(s.id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(FANOUT.concurrency, subs.length) }, worker));
  if (gone.length) await q.deleteSubscriptionsById(ctx.db, gone);
  return delivered;
}

async function targetOf(ctx: Ctx, url: URL, targets: Map<string, Target>): Promise<Target> {
  let t = targets.get(url.host);
  if (!t) {
    // Never post to private networks, whatever endpoint a client registered; the posts go to the very
    // address that was checked (no second DNS answer in between), over one keep-alive agent per host.
    const address = await resolvePublic(url, ctx.config.previewAllow);
    t = {
      address,
      agent: address ? pinnedAgent(address, { keepAlive: true, maxSockets: FANOUT.concurrency }) : undefined,
      vapid: undefined,
    };
    targets.set(url.host, t);
  }
  return t;
}

/** The VAPID header of a push service origin, signed once an hour rather than once per push. */
function vapidHeader(ctx: Ctx, url: URL, t: Target): string {
  if (!t.vapid || t.vapid.until < Date.now()) {
    const h = webpush.getVapidHeaders(`${url.protocol}//${url.host}`, SUBJECT, ctx.vapid.publicKey, ctx.vapid.privateKey, 'aes128gcm');
    t.vapid = { header: String(h.Authorization), until: Date.now() + VAPID_TTL_MS };
  }
  return t.vapid.header;
}

async function post(
  ctx: Ctx,
  s: q.SubscriptionRow,
  payload: string,
  topic: string | undefined,
  targets: Map<string, Target>,
): Promise<'ok' | 'gone' | 'failed'> {
  let url: URL;
  try {
    url = new URL(s.endpoint);
  } catch {
    return 'gone';
  }
  const t = await targetOf(ctx, url, targets);
  if (!t.agent) return 'failed';
  const aesgcm = s.encoding === 'aesgcm';
  try {
    await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.publicKey, auth: s.authToken } }, payload, {
      agent: t.agent,
      // aes128gcm: the cached header; the older aesgcm also needs the key in Crypto-Key (the library's way).
      ...(aesgcm
        ? { vapidDetails: { subject: SUBJECT, ...ctx.vapid } }
        : // null (not undefined) makes the library skip its own signing; its types do not say so.
          { vapidDetails: null as unknown as undefined, headers: { Authorization: vapidHeader(ctx, url, t) } }),
      contentEncoding: aesgcm ? 'aesgcm' : 'aes128gcm',
      TTL: 3600,
      timeout: 5000,
      ...(topic ? { topic } : {}),
    });
    return 'ok';
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    return status === 404 || status === 410 ? 'gone' : 'failed';
  }
}

/** What of an error may be logged: its codes, never a message (it may carry an endpoint). */
function errorCodes(err: unknown) {
  const e = (err ?? {}) as { code?: unknown; statusCode?: unknown };
  return { code: typeof e.code === 'string' ? e.code : undefined, statusCode: typeof e.statusCode === 'number' ? e.statusCode : undefined };
}
