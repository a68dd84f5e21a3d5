import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { revokeUserTokens, voidMailTokens } from '../auth/auth.queries.ts';
import { directoryChanged } from '../users/profiles.caches.ts';
import { users } from '../users/users.table.ts';
import { forgetActor } from './console.policy.ts';

/** What to run once a block committed: the member's sessions gone from every cache, their sockets closed. */
export type AfterBlock = (ctx: Pick<Ctx, 'tokens' | 'io' | 'caches' | 'bus'>) => void;

/**
 * Blocks a member of the app inside the caller's transaction (members' Block, moderation's "block
 * the author"): `blocked_at` set (sign-in refused everywhere), their sign-in, reset and invitation
 * links voided, every session revoked. Answers what to run after the commit: drop the revoked tokens
 * from this node's cache (the database trigger drops them on the others) and close the member's
 * attendee and console sockets. Undefined when there is no such member (another app's id, a deleted
 * account); a member blocked already stays blocked (nothing to run).
 */
export async function blockAccount(tx: Db, appId: number, userId: number): Promise<AfterBlock | undefined> {
  const [u] = await tx
    .select({ id: users.id, blockedAt: users.blockedAt })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  if (!u || u.blockedAt) return undefined;
  await tx.update(users).set({ blockedAt: new Date() }).where(eq(users.id, userId));
  await voidMailTokens(tx, userId, ['confirm', 'reset', 'invite']);
  const revoked = await revokeUserTokens(tx, userId);
  return (ctx) => {
    for (const h of revoked) ctx.tokens.drop(h);
    forgetActor(ctx, userId);
    // Lists of people leave them out (the directory and the hub's lists read this cache).
    directoryChanged(ctx, appId);
    ctx.io?.in(`user:${userId}`).disconnectSockets(true);
    ctx.io?.of('/console').in(`user:${userId}`).disconnectSockets(true);
  };
}
