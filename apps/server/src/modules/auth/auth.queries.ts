import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { accessTokens, mailTokens, type PendingSignup } from './auth.table.ts';

export async function insertAccessToken(db: Db, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(accessTokens).values({ userId, tokenHash, expiresAt });
}

/** The live token's user, or nothing if unknown, expired, revoked or the account blocked. */
export async function findTokenUser(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ userId: users.id, appId: users.appId, expiresAt: accessTokens.expiresAt, locale: users.locale })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, tokenHash),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql`now()`),
        // A blocked account's tokens were revoked when it was blocked; one made in that very moment opens nothing either.
        isNull(users.blockedAt),
      ),
    );
  return row;
}

/** Whether the organisers blocked the account (a mail link of theirs then opens nothing). */
export async function isBlocked(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ at: users.blockedAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.at);
}

/** The member's language, as the client last sent it (primary key). */
export async function updateUserLocale(db: Db, userId: number, locale: string): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}

export async function revokeAccessToken(db: Db, tokenHash: string): Promise<void> {
  await db.update(accessTokens).set({ revokedAt: sql`now()` }).where(eq(accessTokens.tokenHash, tokenHash));
}

/** Revokes every token of a user (password reset); returns their hashes for the cache. */
export async function revokeUserTokens(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
    .returning({ hash: accessTokens.tokenHash });
  return rows.map((r) => r.hash);
}

export async function insertMailToken(
  db: Db,
  values: { userId: number; kind: 'confirm' | 'reset' | 'invite'; tokenHash: string; expiresAt: Date; pending?: PendingSignup },
): Promise<void> {
  await db.insert(mailTokens).values(values);
}

/** Voids a user's unused mail links (of the given kinds): a newer link or a new password makes them stale. */
export async function voidMailTokens(db: Db, userId: number, kinds: Array<'confirm' | 'reset' | 'invite'>): Promise<void> {
  await db
    .update(mailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(mailTokens.userId, userId), isNull(mailTokens.usedAt), inArray(mailTokens.kind, kinds)));
}

/** Whether a mail link is live (unused, unexpired, of this app), without using it. */
export async function isMailTokenLive(db: Db, kind: 'confirm' | 'reset' | 'invite', tokenHash: string, appId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: mailTokens.id })
    .from(mailTokens)
    .innerJoin(users, eq(users.id, mailTokens.userId))
    .where(
      and(
        eq(mailTokens.tokenHash, tokenHash),
        eq(mailTokens.kind, kind),
        isNull(mailTokens.usedAt),
        gt(mailTokens.expiresAt, sql`now()`),
        eq(users.appId, appId),
      ),
    );
  return Boolean(row);
}

/** Marks a live mail token used and returns its user, atomically: a second use finds nothing. */
export async function consumeMailToken(db: Db, kind: 'confirm' | 'reset' | 'invite', tokenHash: string, appId: number) {
  const [row] = await db
    .update(mailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mailTokens.tokenHash, tokenHash),
        eq(mailTokens.kind, kind),
        isNull(mailTokens.usedAt),
        gt(mailTokens.expiresAt, sql`now()`),
        sql`${mailTokens.userId} in (select id from ${users} where ${users.appId} = ${appId})`,
      ),
    )
    .returning({ userId: mailTokens.userId, pending: mailTokens.pending });
  return row;
}

/** How many links of a kind a user got that expire after `expiringAfter` (i.e. were sent recently). */
export async function countMailTokensSince(db: Db, userId: number, kind: 'confirm' | 'reset', expiringAfter: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailTokens)
    .where(and(eq(mailTokens.userId, userId), eq(mailTokens.kind, kind), gt(mailTokens.expiresAt, expiringAfter)));
  return row?.n ?? 0;
}
