import { appConfig, appConfigQuery, appMenu as appMenuSchema } from '@app/contract/schemas/app';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors.ts';
import { sendJson } from '../../lib/json.ts';
import { tenantOf, userOf } from '../../plugins/tenant.ts';
import { appConfigJson, appMenuJson } from './apps.service.ts';

// The tenant plugin reads `?app=` (development, ARCHITECTURE), so the strict query must accept it.
const configQuery = appConfigQuery.extend({ app: z.string().max(100).optional() });

export async function appsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/user/app-config',
    { schema: { tags: ['app'], summary: 'Public configuration of the app', querystring: configQuery, response: { 200: appConfig } } },
    async (req, reply) => {
      const tenant = tenantOf(req);
      // Unpublished answers 200 with is_published false; a locked app answers 423 (spec 1 §4).
      if (tenant.isLocked) throw new HttpError(423, 'common.errors.locked');
      return sendJson(reply, appConfigJson(tenant));
    },
  );

  r.get(
    '/user/app-menu',
    {
      config: { auth: true },
      schema: { tags: ['app'], summary: 'Menu, flags and bubbles of the signed-in user', response: { 200: appMenuSchema } },
    },
    async (req, reply) => sendJson(reply, await appMenuJson(app.ctx, tenantOf(req), userOf(req).id)),
  );
}
