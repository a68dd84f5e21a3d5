import { consoleMenuEndpoints as e } from '@app/contract/schemas/console-menu';
import type { FastifyInstance } from 'fastify';
import { perMemberLimit } from '../../../platform/route.ts';
import { consoleRoute } from '../console.policy.ts';
import { addModule, changeModule, listMenu, removeModule, reorderMenu } from './menu.service.ts';

/** The menu editor's calls (owners of the app and operators). */
export async function consoleMenuRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const writes = perMemberLimit(ctx, 'console-write');
  consoleRoute(app, e.list, ({ params }, actor) => listMenu(ctx, actor, params.app_id));
  consoleRoute(app, e.add, ({ params, body }, actor) => addModule(ctx, actor, params.app_id, body), writes);
  consoleRoute(app, e.reorder, ({ params, body }, actor) => reorderMenu(ctx, actor, params.app_id, body), writes);
  consoleRoute(app, e.update, ({ params, body }, actor) => changeModule(ctx, actor, params.app_id, params.module_id, body), writes);
  consoleRoute(app, e.remove, ({ params }, actor) => removeModule(ctx, actor, params.app_id, params.module_id), writes);
}
