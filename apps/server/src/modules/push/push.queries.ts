import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushMessages, pushSubscriptions } from './push.table.ts';

export type SubscriptionValues = { endpoint: string; publicKey: string; authToken: string; encoding: string };

/** An endpoint belongs to the last user who subscribed with it (a shared device). */
export async function upsertSubscription(db: Db, userId: number, v: SubscriptionValues) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...v })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, publicKey: v.publicKey, authToken: v.authToken, encoding: v.encoding },
    });
}

export async function deleteSubscription(db: Db, userId: number, endpoint: string) {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

export const findSubscriptions = (db: Db, userId: number) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

export async function deleteSubscriptionById(db: Db, id: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function insertPushMessage(db: Db, userId: number, title: string) {
  const [r] = await db.insert(pushMessages).values({ userId, title }).returning({ id: pushMessages.id });
  if (!r) throw new Error('insert push_messages returned nothing');
  return r.id;
}

export async function markOpened(db: Db, userId: number, id: number) {
  const rows = await db
    .update(pushMessages)
    .set({ openedAt: sql`coalesce(${pushMessages.openedAt}, now())` })
    .where(and(eq(pushMessages.id, id), eq(pushMessages.userId, userId)))
    .returning({ id: pushMessages.id });
  return rows.length;
}
