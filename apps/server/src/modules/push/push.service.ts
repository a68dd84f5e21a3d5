import webpush from 'web-push';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { pinnedAgent, resolvePublic } from '../../lib/safe-fetch.ts';
import { findSecret, putSecretOnce } from '../apps/apps.queries.ts';
import * as q from './push.queries.ts';

/** VAPID keys are generated once and stored, so every node signs with the same pair. */
export async function loadVapidKeys(db: Db): Promise<{ publicKey: string; privateKey: string }> {
  const existing = await findSecret(db, 'vapid');
  if (existing) return JSON.parse(existing) as { publicKey: string; privateKey: string };
  const stored = await putSecretOnce(db, 'vapid', JSON.stringify(webpush.generateVAPIDKeys()));
  return JSON.parse(stored) as { publicKey: string; privateKey: string };
}

export async function subscribe(
  ctx: Ctx,
  userId: number,
  b: { endpoint: string; public_key: string; auth_token: string; encoding: string },
) {
  const stored = await q.upsertSubscription(ctx.db, userId, {
    endpoint: b.endpoint,
    publicKey: b.public_key,
    authToken: b.auth_token,
    encoding: b.encoding,
  });
  // An endpoint already registered with other keys belongs to another browser: not taken over.
  if (!stored) throw fieldError('endpoint', 'common.errors.invalid');
  return { success: true as const };
}

export async function unsubscribe(ctx: Ctx, userId: number, endpoint: string) {
  if (!(await q.deleteSubscription(ctx.db, userId, endpoint))) throw notFound();
  return { success: true as const };
}

export async function opened(ctx: Ctx, userId: number, id: number) {
  if (!(await q.markOpened(ctx.db, userId, id))) throw notFound();
  return { success: true as const };
}

/**
 * Sends a web push to every device of a user; subscriptions the push
 * service reports gone (404/410) are removed. Returns how many were delivered. A `tag` collapses
 * pushes of one conversation: the push service keeps only the newest waiting one (its `Topic`),
 * and the device shows one notification per tag.
 */
export async function sendPush(ctx: Ctx, userId: number, msg: { title: string; body: string; url: string; tag?: string }) {
  const id = await q.insertPushMessage(ctx.db, userId, msg.title);
  const subs = await q.findSubscriptions(ctx.db, userId);
  const payload = JSON.stringify({ ...msg, pushAnalyticsId: id });
  // A topic is at most 32 characters of the URL-safe base64 alphabet.
  const topic = msg.tag?.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);
  let delivered = 0;
  for (const s of subs) {
    // Never post to private networks, whatever endpoint a client registered; the post goes to the
    // very address that was checked (no second DNS answer in between).
    const target = await resolvePublic(new URL(s.endpoint), ctx.config.previewAllow);
    if (!target) continue;
    try {
      await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.publicKey, auth: s.authToken } }, payload, {
        agent: pinnedAgent(target),
        vapidDetails: { subject: 'mailto:no-reply@eventapp.local', ...ctx.vapid },
        contentEncoding: s.encoding === 'aesgcm' ? 'aesgcm' : 'aes128gcm',
        TTL: 3600,
        timeout: 5000,
        ...(topic ? { topic } : {}),
      });
      delivered++;
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) await q.deleteSubscriptionById(ctx.db, s.id);
    }
  }
  return delivered;
}
