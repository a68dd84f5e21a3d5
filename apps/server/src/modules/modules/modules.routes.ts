import { MODULE_TYPES } from '@app/contract/constants';
import { filterList, moduleListQuery } from '@app/contract/schemas/pwa';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../lib/i18n.ts';
import { setPageHeaders } from '../../lib/pagination.ts';
import { requireModule } from '../../platform/require-module.ts';
import { scopeOf } from '../../platform/scope.ts';

/**
 * `GET /{type}?module=N` for module types whose own issue has not landed yet:
 * an empty, paginated list (the client shows the empty state) and the default
 * filter list. A module type that is built registers `/{type}` itself, which wins.
 */
export async function modulesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/:type(^[a-z]+$)',
    {
      config: { auth: true },
      schema: {
        tags: ['modules'],
        summary: 'List or filter definitions of a module not built yet',
        params: z.object({ type: z.enum(MODULE_TYPES) }).strict(),
        querystring: moduleListQuery,
        response: { 200: z.union([filterList, z.array(z.never())]) },
      },
    },
    async (req, reply) => {
      await requireModule(app.ctx, scopeOf(req), req.params.type, req.query.module);
      if (req.query['filters-list'] !== undefined) {
        return [{ filter: null, title: translate(req.locale, 'common.filters.all'), type: 'radio' as const, values: [] }];
      }
      setPageHeaders(reply, { page: req.query.page, perPage: req.query['per-page'] }, 0);
      return [];
    },
  );
}
