import type { Ctx } from '../../../context.ts';
import { announceCount, dropQueue } from './moderation.service.ts';

/**
 * A member filed a report (any module's flag, a Report Application, a Contact App Owner message):
 * the queue's pages are dropped and the consoles watching the app get the new open count. Never
 * throws into the member's request.
 */
export function reportFiled(ctx: Ctx, appId: number): void {
  dropQueue(ctx, appId);
  announceCount(ctx, appId).catch((err: unknown) => ctx.log.warn({ err, appId }, 'moderation: count not announced'));
}
