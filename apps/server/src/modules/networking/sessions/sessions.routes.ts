import { networkingSessionsEndpoints as e } from '@app/contract/schemas/networking-sessions';
import type { FastifyInstance } from 'fastify';
import { perMemberLimit, route } from '../../../platform/route.ts';
import { scopeOf } from '../../../platform/scope.ts';
import { startSessionTicker } from './sessions.clock.ts';
import {
  cancelSession,
  createSession,
  editSession,
  joinSession,
  leaveSession,
  liveSession,
  partnerNotReady,
  readyInSession,
  sessionHistory,
  sessionPage,
  startSessionNow,
} from './sessions.service.ts';

export async function sessionsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const writes = perMemberLimit(ctx, 'write');
  route(app, e.live, (_input, req) => liveSession(ctx, scopeOf(req)));
  route(app, e.view, ({ params }, req) => sessionPage(ctx, scopeOf(req), params.app_module_id, params.mode));
  route(app, e.history, ({ params }, req) => sessionHistory(ctx, scopeOf(req), params.app_module_id, params.mode));
  route(app, e.create, ({ params, body }, req) => createSession(ctx, scopeOf(req), params.app_module_id, body), writes);
  route(app, e.update, ({ params, body }, req) => editSession(ctx, scopeOf(req), params.app_module_id, params.id, body), writes);
  route(app, e.cancel, ({ params }, req) => cancelSession(ctx, scopeOf(req), params.app_module_id, params.id), writes);
  route(app, e.start, ({ params }, req) => startSessionNow(ctx, scopeOf(req), params.app_module_id, params.id), writes);
  route(app, e.join, ({ params }, req) => joinSession(ctx, scopeOf(req), params.app_module_id, params.id), writes);
  route(app, e.leave, ({ params }, req) => leaveSession(ctx, scopeOf(req), params.app_module_id, params.id), writes);
  route(app, e.ready, ({ params }, req) => readyInSession(ctx, scopeOf(req), params.app_module_id, params.id), writes);
  route(app, e.notReady, ({ params }, req) => partnerNotReady(ctx, scopeOf(req), params.app_module_id, params.id), writes);
  // The round clock of this node (every node runs one; a session's step is taken by one of them).
  const stop = startSessionTicker(ctx);
  app.addHook('onClose', async () => stop());
}
