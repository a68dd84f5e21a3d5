import { MODULE_TYPES } from '@app/contract/constants';
import { filterList, moduleListQuery } from '@app/contract/schemas/pwa';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../../lib/errors.ts';
import { translate } from '../../lib/i18n.ts';
import { setPageHeaders } from '../../lib/pagination.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { appModules } from '../apps/apps.table.ts';

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
      const tenant = tenantOf(req);
      const mod = await app.ctx.apps.module(tenant.id, req.query.module);
      if (!mod || mod.type !== req.params.type) {
        const [gone] = await app.ctx.db
          .select({ id: appModules.id })
          .from(appModules)
          .where(and(eq(appModules.appId, tenant.id), eq(appModules.id, req.query.module), eq(appModules.type, req.params.type)));
        throw gone ? new HttpError(406, 'common.errors.moduleGone') : notFound();
      }
      if (req.query['filters-list'] !== undefined) {
        return [{ filter: null, title: translate(req.locale, 'common.filters.all'), type: 'radio' as const, values: [] }];
      }
      setPageHeaders(reply, { page: req.query.page, perPage: req.query['per-page'] }, 0);
      return [];
    },
  );
}
