import { appModuleParam } from '@app/contract/schemas/common';
import { attachment } from '@app/contract/schemas/content';
import { resourcesEndpoints as e, RESOURCES_UPLOAD, resourceParams } from '@app/contract/schemas/resources';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPageHeaders } from '../../lib/pagination.ts';
import { perMemberLimit, route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { receiveUpload } from '../content/content.uploads.ts';
import { changeItem, createItem, getItem, listItems, removeItem, requireResources, sendItemFile } from './resources.service.ts';

export async function resourcesRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const writes = perMemberLimit(ctx, 'resources');
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // The content kit's upload (type read from the bytes, the app's size limit, images above 1600 px
  // made JPEG 0.7), in the uploads' bucket; the file becomes an item when named in `create`.
  typed.post(
    RESOURCES_UPLOAD.path,
    {
      config: { auth: true, ...perMemberLimit(ctx, 'upload') },
      schema: {
        tags: ['resources'],
        summary: `Upload a file or image (multipart, one file in field \`${RESOURCES_UPLOAD.field}\`), then name its id in a new item`,
        consumes: ['multipart/form-data'],
        params: appModuleParam,
        response: { 200: attachment },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      await requireResources(ctx, scope, req.params.app_module_id);
      return receiveUpload(ctx, scope, req);
    },
  );

  // A file's bytes with the access token (members of the app only, a hidden item's to its owners only):
  // its sniffed type, nosniff, and a download with its name (an image inline when asked).
  typed.get(
    '/resources/:app_module_id/items/:id/file',
    {
      config: { auth: true },
      schema: {
        tags: ['resources'],
        summary: "A file's or image's bytes, as a download (`?inline=1`: an image shown in the page)",
        params: resourceParams,
        querystring: z.object({ inline: z.enum(['0', '1']).optional() }).strict(),
      },
    },
    async (req, reply) => sendItemFile(ctx, scopeOf(req), req.params.app_module_id, req.params.id, req.query.inline === '1', reply),
  );

  route(app, e.list, async ({ params, query }, req, reply) => {
    const page = { page: query.page, perPage: query['per-page'] };
    const { items, total } = await listItems(ctx, scopeOf(req), params.app_module_id, query, page);
    setPageHeaders(reply, page, total);
    return items;
  });
  route(app, e.get, ({ params }, req) => getItem(ctx, scopeOf(req), params.app_module_id, params.id));
  route(app, e.create, ({ params, body }, req) => createItem(ctx, scopeOf(req), params.app_module_id, body), writes);
  route(app, e.update, ({ params, body }, req) => changeItem(ctx, scopeOf(req), params.app_module_id, params.id, body), writes);
  route(app, e.remove, ({ params }, req) => removeItem(ctx, scopeOf(req), params.app_module_id, params.id), writes);
}
