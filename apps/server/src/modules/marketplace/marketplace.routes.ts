import { MARKETPLACE_UPLOAD } from '@app/contract/marketplace-constants';
import { appModuleParam } from '@app/contract/schemas/common';
import { attachment } from '@app/contract/schemas/content';
import { marketplaceEndpoints as e } from '@app/contract/schemas/marketplace';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setPageHeaders } from '../../lib/pagination.ts';
import { perMemberLimit, route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { receivePhoto } from './marketplace.photos.ts';
import {
  createListing,
  deleteListing,
  flagListing,
  getListing,
  listListings,
  requireMarketplace,
  updateListing,
} from './marketplace.service.ts';

export async function marketplaceRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const writes = perMemberLimit(ctx, 'write');
  route(app, e.list, async ({ params, query }, req, reply) => {
    const page = { page: query.page, perPage: query['per-page'] };
    const { items, total } = await listListings(ctx, scopeOf(req), params.app_module_id, query.search, page);
    setPageHeaders(reply, page, total);
    return items;
  });
  route(app, e.get, ({ params }, req) => getListing(ctx, scopeOf(req), params.app_module_id, params.id));
  route(app, e.create, ({ params, body }, req) => createListing(ctx, scopeOf(req), params.app_module_id, body), writes);
  route(app, e.update, ({ params, body }, req) => updateListing(ctx, scopeOf(req), params.app_module_id, params.id, body), writes);
  route(app, e.remove, ({ params }, req) => deleteListing(ctx, scopeOf(req), params.app_module_id, params.id), writes);
  route(app, e.flag, ({ params }, req) => flagListing(ctx, scopeOf(req), params.app_module_id, params.id), writes);

  // Photos: the content kit's upload (type by content, the app's size limit), images only, then named in photo_ids.
  app.withTypeProvider<ZodTypeProvider>().post(
    MARKETPLACE_UPLOAD.path,
    {
      config: { auth: true, ...perMemberLimit(ctx, 'upload') },
      schema: {
        tags: ['marketplace'],
        summary: `Upload a photo for a listing (multipart, one image in field \`${MARKETPLACE_UPLOAD.field}\`), then name its id in photo_ids`,
        consumes: ['multipart/form-data'],
        params: appModuleParam,
        response: { 200: attachment },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      await requireMarketplace(ctx, scope, req.params.app_module_id);
      return receivePhoto(ctx, scope, req);
    },
  );
}
