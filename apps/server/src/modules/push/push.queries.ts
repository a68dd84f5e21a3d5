import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushMessages, pushSubscriptions } from './push.table.ts';

export type SubscriptionValues = { endpoint: string; publicKey: string; authToken: string; encoding: string };

/**
 * Saves a subscription. An endpoint moves to the user who subscribes with it
 * (a shared device) only with the same keys; its owner may rotate them.
 * Returns false when it was refused.
 */
export async function upsertSubscription(db: Db, userId: number, v: SubscriptionValues): Promise<boolean> {
  const rows = await db
    .insert(pushSubscriptions)
    .values({ userId, ...v })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, publicKey: v.publicKey, authToken: v.authToken, encoding: v.encoding },
      // Its owner may rotate keys; another user takes it over only with the same keys.
      setWhere: or(
        eq(pushSubscriptions.userId, userId),
        and(eq(pushSubscriptions.publicKey, v.publicKey), eq(pushSubscriptions.authToken, v.authToken)),
      ),
    })
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
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
