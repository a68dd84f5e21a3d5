import {
  CONSOLE_RESOURCES_UPLOAD_PATH,
  consoleResourcesEndpoints as e,
  resourcesModuleParams,
} from '@app/contract/schemas/console-resources';
import { attachment } from '@app/contract/schemas/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perMemberLimit } from '../../../platform/route.ts';
import { receiveUpload } from '../../content/content.uploads.ts';
import { actorOf, consoleRoute } from '../console.policy.ts';
import * as s from './resources.service.ts';

/** The console's "Resources" area: owners of the app and operators (resources.service.ts). */
export async function consoleResourcesRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const writes = perMemberLimit(ctx, 'console-write');
  consoleRoute(app, e.list, ({ params }, actor) => s.listItems(ctx, actor, params.app_id, params.app_module_id));
  consoleRoute(app, e.create, ({ params, body }, actor) => s.createItem(ctx, actor, params.app_id, params.app_module_id, body), writes);
  consoleRoute(
    app,
    e.update,
    ({ params, body }, actor) => s.updateItem(ctx, actor, params.app_id, params.app_module_id, params.id, body),
    writes,
  );
  consoleRoute(
    app,
    e.move,
    ({ params, body }, actor) => s.moveItem(ctx, actor, params.app_id, params.app_module_id, params.id, body.direction),
    writes,
  );
  consoleRoute(app, e.remove, ({ params }, actor) => s.removeItem(ctx, actor, params.app_id, params.app_module_id, params.id), writes);
  // The content kit's upload, as the attendee resources module has it (type read from the bytes, the
  // app's size limit), stored as the organiser's; it becomes an item when named in `create`.
  app.withTypeProvider<ZodTypeProvider>().post(
    CONSOLE_RESOURCES_UPLOAD_PATH,
    {
      config: { auth: false, console: true, ...perMemberLimit(ctx, 'upload') },
      schema: {
        tags: ['console'],
        summary: 'Upload a file or image for a resources module (multipart, one file in field `file`), then name its id in a new item',
        consumes: ['multipart/form-data'],
        params: resourcesModuleParams,
        response: { 200: attachment },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { app: tenant } = await s.requireArea(ctx, actor, req.params.app_id, req.params.app_module_id);
      return receiveUpload(
        ctx,
        { tenant, user: { id: actor.userId, appId: tenant.id, tokenHash: actor.tokenHash }, locale: req.locale },
        req,
      );
    },
  );
}
