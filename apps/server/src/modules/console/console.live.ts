import type { Ctx } from '../../context.ts';

/**
 * Tells every open attendee app of `appId`, on every node, that the organisers changed it (branding,
 * settings, menu): they read its configuration and menu again. The server's own app cache is
 * already dropped on every node by the database trigger of the tables changed.
 */
export function announceAppChanged(ctx: Pick<Ctx, 'io'>, appId: number): void {
  ctx.io?.to(`app:${appId}`).emit('appChanged');
}
