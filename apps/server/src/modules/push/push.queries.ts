import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apps } from '../apps/apps.table.ts';
import { notificationPreferences } from '../settings/settings.table.ts';
import { users } from '../users/users.table.ts';
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

export async function markOpened(db: Db, userId: number, id: number) {
  const rows = await db
    .update(pushMessages)
    .set({ openedAt: sql`coalesce(${pushMessages.openedAt}, now())` })
    .where(and(eq(pushMessages.id, id), eq(pushMessages.userId, userId)))
    .returning({ id: pushMessages.id });
  return rows.length;
}

/** A subscription with its member's language (the app's when the member never sent one). */
export type SubscriptionRow = typeof pushSubscriptions.$inferSelect & { locale: string };

/** The members of `appId` among `userIds` who allow push for `category`: nothing with no row saying off. */
const allows = (category: string) =>
  sql`not exists (select 1 from ${notificationPreferences} p where p.user_id = ${pushSubscriptions.userId} and p.category = ${category} and not p.push)`;

/** Subscriptions of these members of the app who allow the category (index push_subscriptions_user_idx). */
export const subscriptionsOfUsers = (db: Db, appId: number, userIds: number[], category: string) =>
  db
    .select({ ...pushSubscriptionColumns })
    .from(pushSubscriptions)
    .innerJoin(users, and(eq(users.id, pushSubscriptions.userId), eq(users.appId, appId)))
    .innerJoin(apps, eq(apps.id, users.appId))
    .where(and(inArray(pushSubscriptions.userId, userIds), allows(category)));

/**
 * One page of the app's subscriptions (every member who allows the category, but `except`), in id
 * order after `after`: a keyset walk, each page an index range scan of the primary key.
 */
export const subscriptionsOfApp = (db: Db, appId: number, category: string, after: number, limit: number, except: number) =>
  db
    .select({ ...pushSubscriptionColumns })
    .from(pushSubscriptions)
    .innerJoin(users, and(eq(users.id, pushSubscriptions.userId), eq(users.appId, appId)))
    .innerJoin(apps, eq(apps.id, users.appId))
    .where(and(sql`${pushSubscriptions.id} > ${after}`, sql`${pushSubscriptions.userId} <> ${except}`, allows(category)))
    .orderBy(pushSubscriptions.id)
    .limit(limit);

const pushSubscriptionColumns = {
  id: pushSubscriptions.id,
  userId: pushSubscriptions.userId,
  endpoint: pushSubscriptions.endpoint,
  publicKey: pushSubscriptions.publicKey,
  authToken: pushSubscriptions.authToken,
  encoding: pushSubscriptions.encoding,
  createdAt: pushSubscriptions.createdAt,
  locale: sql<string>`coalesce(${users.locale}, ${apps.locale})`,
};

/** One push record per member (with the title in the member's language) in one statement; the id each member's payload carries. */
export async function insertPushMessages(db: Db, members: Array<{ userId: number; title: string }>): Promise<Map<number, number>> {
  if (members.length === 0) return new Map();
  const rows = await db.insert(pushMessages).values(members).returning({ id: pushMessages.id, userId: pushMessages.userId });
  return new Map(rows.map((r) => [r.userId, r.id]));
}

export async function deleteSubscriptionsById(db: Db, ids: number[]) {
  if (ids.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

export async function insertPushMessage(db: Db, userId: number, title: string) {
  const [r] = await db.insert(pushMessages).values({ userId, title }).returning({ id: pushMessages.id });
  if (!r) throw new Error('insert push_messages returned nothing');
  return r.id;
}
