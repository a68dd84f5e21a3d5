import { consoleEndpoints as e } from '@app/contract/schemas/console';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../platform/route.ts';
import { logout } from '../auth/auth.service.ts';
import { consoleAppsRoutes } from './apps/console-apps.routes.ts';
import { audit } from './console.audit.ts';
import { consoleRoute, loadActor } from './console.policy.ts';
import { consoleLogin, consoleMe } from './console.service.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { memberRoutes } from './members/members.routes.ts';
import { consoleMenuRoutes } from './menu/menu.routes.ts';
import { moderationRoutes } from './moderation/moderation.routes.ts';

/** The console's sign-in, sign-out and "who am I". Each area registers its own calls beside these. */
export async function consoleRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const signInLimit = {
    // Per address only: an app-key or Host header must not open a fresh allowance.
    rateLimit: {
      max: ctx.config.rateLimit.auth,
      timeWindow: ctx.config.rateLimit.windowMs,
      groupId: 'console-auth',
      keyGenerator: (req: FastifyRequest) => req.ip,
    },
  };
  // Sign-ins and sign-outs are in the audit log of the account's own app (who used the console when).
  route(
    app,
    e.login,
    async ({ body }, req) => {
      const session = await consoleLogin(ctx, body, req.ip);
      const actor = await loadActor(ctx, session.access_token);
      if (actor) await audit(ctx.db, actor, { appId: actor.appId, action: 'session.login', targetType: 'user', targetId: actor.userId });
      return session;
    },
    signInLimit,
  );
  consoleRoute(app, e.logout, async (_input, actor) => {
    await audit(ctx.db, actor, { appId: actor.appId, action: 'session.logout', targetType: 'user', targetId: actor.userId });
    return logout(ctx, actor.tokenHash);
  });
  consoleRoute(app, e.me, (_input, actor) => consoleMe(ctx, actor));
  await consoleMenuRoutes(app);
  await consoleAppsRoutes(app);
  await dashboardRoutes(app);
  await memberRoutes(app);
  await moderationRoutes(app);
}
