import { consolePagesEndpoints as e } from '@app/contract/schemas/console-pages';
import type { FastifyInstance } from 'fastify';
import { perMemberLimit } from '../../../platform/route.ts';
import { consoleRoute } from '../console.policy.ts';
import { getConsolePage, saveConsolePage } from './pages.service.ts';

/** The console's free-form pages (owners of the app and operators). */
export async function consolePagesRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const write = perMemberLimit(ctx, 'console-write');
  consoleRoute(app, e.get, ({ params }, actor) => getConsolePage(ctx, actor, params.app_id, params.module_id));
  consoleRoute(app, e.save, ({ params, body }, actor) => saveConsolePage(ctx, actor, params.app_id, params.module_id, body), write);
}
