import { networkingListsEndpoints as e } from '@app/contract/schemas/networking-lists';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/route.ts';
import { scopeOf } from '../../../platform/scope.ts';
import { networkerList, networkerListFilters } from './lists.service.ts';

export async function listsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  route(app, e.filters, ({ params }, req) => networkerListFilters(ctx, scopeOf(req), params.app_module_id));
  route(app, e.list, ({ params, query }, req) => networkerList(ctx, scopeOf(req), params.app_module_id, params.list, query));
}
