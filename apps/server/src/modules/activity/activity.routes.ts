import { activityList } from '@app/contract/schemas/activity';
import { pageQuery } from '@app/contract/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendJson } from '../../lib/json.ts';
import { setPageHeaders } from '../../lib/pagination.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { activityPageJson } from './activity.service.ts';

export async function activityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/user/activity',
    {
      config: { auth: true },
      schema: {
        tags: ['activity'],
        summary: 'Recent activity of the app, newest first',
        querystring: pageQuery,
        response: { 200: activityList },
      },
    },
    async (req, reply) => {
      const page = { page: req.query.page, perPage: req.query['per-page'] };
      const { body, total } = await activityPageJson(app.ctx, tenantOf(req).id, page, req.locale);
      setPageHeaders(reply, page, total);
      return sendJson(reply, body);
    },
  );
}
