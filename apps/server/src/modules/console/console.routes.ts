import { consoleEndpoints as e } from '@app/contract/schemas/console';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { logout } from '../auth/auth.service.ts';
import { consoleRoute } from './console.policy.ts';
import { consoleLogin, consoleMe } from './console.service.ts';
import { moderationRoutes } from './moderation/moderation.routes.ts';

/** The console's sign-in, sign-out and "who am I". Each area registers its own calls beside these. */
export async function consoleRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const signInLimit = {
    rateLimit: { max: ctx.config.rateLimit.auth, timeWindow: ctx.config.rateLimit.windowMs, groupId: 'console-auth' },
  };
  route(app, e.login, ({ body }, req) => consoleLogin(ctx, body, req.ip), signInLimit);
  consoleRoute(app, e.logout, (_input, actor) => logout(ctx, actor.tokenHash));
  consoleRoute(app, e.me, (_input, actor) => consoleMe(ctx, actor));
  await moderationRoutes(app);
}
