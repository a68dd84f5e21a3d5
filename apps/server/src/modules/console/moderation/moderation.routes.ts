import { consoleModerationEndpoints as e } from '@app/contract/schemas/console-moderation';
import type { FastifyInstance } from 'fastify';
import { setPageHeaders } from '../../../lib/pagination.ts';
import { perMemberLimit } from '../../../platform/route.ts';
import { consoleRoute } from '../console.policy.ts';
import { consoleSocket } from '../console.socket.ts';
import { answerContact, count, decide, queue } from './moderation.service.ts';

/** The moderation queue's calls (moderators, owners and operators of the app) and the console's socket namespace. */
export async function moderationRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const writes = perMemberLimit(ctx, 'console-moderation');
  consoleRoute(app, e.queue, async ({ params, query }, actor, _req, reply) => {
    const page = { page: query.page, perPage: query['per-page'] };
    const { body, total } = await queue(ctx, actor, params.app_id, query.status, query.kind, page);
    setPageHeaders(reply, page, total);
    return body;
  });
  consoleRoute(app, e.count, ({ params }, actor) => count(ctx, actor, params.app_id));
  consoleRoute(app, e.decide, ({ params, body }, actor) => decide(ctx, actor, params.app_id, params.kind, params.target_id, body), writes);
  consoleRoute(app, e.answer, ({ params, body }, actor) => answerContact(ctx, actor, params.app_id, params.id, body), writes);
  // The socket server exists once every plugin is registered.
  app.addHook('onReady', async () => consoleSocket(app));
}
