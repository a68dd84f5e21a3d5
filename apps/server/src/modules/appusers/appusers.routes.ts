import { appusersEndpoints } from '@app/contract/schemas/appusers';
import type { FastifyInstance } from 'fastify';
import { setPageHeaders } from '../../lib/pagination.ts';
import { route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { directoryFilters, searchDirectory } from './appusers.service.ts';

export async function appusersRoutes(app: FastifyInstance) {
  route(app, appusersEndpoints.list, async ({ params, query }, req, reply) => {
    const page = { page: query.page, perPage: query['per-page'] };
    const { items, total } = await searchDirectory(app.ctx, scopeOf(req), params.app_module_id, query, page);
    setPageHeaders(reply, page, total);
    return items;
  });
  route(app, appusersEndpoints.filters, ({ params }, req) => directoryFilters(app.ctx, scopeOf(req), params.app_module_id));
}
