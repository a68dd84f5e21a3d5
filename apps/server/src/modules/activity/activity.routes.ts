import { activityEndpoints } from '@app/contract/schemas/activity';
import type { FastifyInstance } from 'fastify';
import { sendJson } from '../../lib/json.ts';
import { setPageHeaders } from '../../lib/pagination.ts';
import { route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { activityPageJson } from './activity.service.ts';

export async function activityRoutes(app: FastifyInstance) {
  route(app, activityEndpoints.list, async ({ query }, req, reply) => {
    const page = { page: query.page, perPage: query['per-page'] };
    const { body, total } = await activityPageJson(app.ctx, scopeOf(req), page);
    setPageHeaders(reply, page, total);
    return sendJson(reply, body);
  });
}
