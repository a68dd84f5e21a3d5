import type { Networker, NetworkerMark } from '@app/contract/schemas/networking-hub';
import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { requireModule } from '../../platform/require-module.ts';
import type { Scope } from '../../platform/scope.ts';
import { networkerCards } from './networking.cards.ts';
import { networkingMarks } from './networking.hub.table.ts';
import { afterScoreChange, awardPoints } from './networking.points.ts';

/** The networking module of the call, and the card of the member it is about (404: not a member of this app, deleted or blocked). */
async function cardOf(ctx: Ctx, scope: Scope, moduleId: number, targetId: number): Promise<Networker> {
  await requireModule(ctx, scope, 'networking', moduleId);
  const [card] = await networkerCards(ctx.db, scope.tenant.id, scope.user.id, [targetId]);
  if (!card) throw notFound();
  return card;
}

export const networkerCard = cardOf;

/**
 * Shortlists or skips a networker (spec 3 §4), replacing the other mark; points once per member
 * and mark (Like or shortlist a user 100, Skip a user 50), however often it is undone and redone.
 * Not oneself (422).
 */
export async function markNetworker(ctx: Ctx, scope: Scope, moduleId: number, targetId: number, mark: NetworkerMark): Promise<Networker> {
  if (targetId === scope.user.id) throw fieldError('id', 'networking.errors.notYourself');
  const card = await cardOf(ctx, scope, moduleId, targetId);
  const appId = scope.tenant.id;
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(networkingMarks)
      .values({ appId, userId: scope.user.id, targetId, mark })
      .onConflictDoUpdate({
        target: [networkingMarks.userId, networkingMarks.targetId],
        set: { mark, createdAt: sql`now()` },
        where: sql`${networkingMarks.mark} <> ${mark}`,
      });
    await awardPoints(tx, { appId, userId: scope.user.id, action: mark === 'liked' ? 'userLike' : 'userSkip', ref: targetId });
  });
  await afterScoreChange(ctx, appId, [scope.user.id], ['lists', 'score']);
  // Only my mark on them changed (my points are mine, not on their card).
  return { ...card, mark };
}

/** Takes my mark off a networker (only that mark: undoing a skip leaves a shortlist alone). Points stay. */
export async function unmarkNetworker(ctx: Ctx, scope: Scope, moduleId: number, targetId: number, mark: NetworkerMark): Promise<Networker> {
  const card = await cardOf(ctx, scope, moduleId, targetId);
  await ctx.db
    .delete(networkingMarks)
    .where(and(eq(networkingMarks.userId, scope.user.id), eq(networkingMarks.targetId, targetId), eq(networkingMarks.mark, mark)));
  await afterScoreChange(ctx, scope.tenant.id, [scope.user.id], ['lists']);
  return { ...card, mark: card.mark === mark ? null : card.mark };
}
