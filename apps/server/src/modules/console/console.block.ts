import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { revokeUserTokens } from '../auth/auth.queries.ts';
import { users } from '../users/users.table.ts';

/**
 * Blocks a member of the app inside the caller's transaction: `blocked_at` set (sign-in refused),
 * every session revoked. Answers what to run after the commit: drop the revoked tokens from every
 * node's cache and close the member's sockets. Undefined when there is no such member (another
 * app's id, a deleted account); a member blocked already stays blocked (nothing to run).
 */
export async function blockMember(_ctx: Ctx, tx: Db, appId: number, userId: number): Promise<((ctx: Ctx) => void) | undefined> {
  const [u] = await tx
    .select({ id: users.id, blockedAt: users.blockedAt })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  if (!u) return undefined;
  if (!u.blockedAt) await tx.update(users).set({ blockedAt: new Date() }).where(eq(users.id, userId));
  const revoked = await revokeUserTokens(tx, userId);
  return (ctx) => {
    for (const h of revoked) ctx.tokens.drop(h);
    ctx.io?.in(`user:${userId}`).disconnectSockets(true);
    ctx.io?.of('/console').in(`user:${userId}`).disconnectSockets(true);
  };
}
