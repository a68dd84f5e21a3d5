import webpush from 'web-push';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
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

/** Pushes go through the background sender (push.sender.ts). */
export { type PushCategory, type PushMessage, type PushText, queuePush, renderText, sendPush } from './push.sender.ts';
