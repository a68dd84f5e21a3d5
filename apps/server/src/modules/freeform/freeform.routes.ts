import { freeformEndpoints as e } from '@app/contract/schemas/freeform';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { getPage } from './freeform.service.ts';

export async function freeformRoutes(app: FastifyInstance) {
  route(app, e.get, ({ params }, req) => getPage(app.ctx, scopeOf(req), params.app_module_id));
}
