import { Readable } from 'node:stream';
import {
  CATALOG_EXPORT_PATH,
  CATALOG_IMPORT,
  CATALOG_IMPORT_FIELD,
  CATALOG_TEMPLATE_PATH,
  catalogModuleParams,
  consoleCatalogEndpoints as e,
} from '@app/contract/schemas/console-catalog';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fieldError } from '../../../lib/errors.ts';
import { setPageHeaders } from '../../../lib/pagination.ts';
import { perMemberLimit } from '../../../platform/route.ts';
import { audit } from '../console.audit.ts';
import { actorOf, consoleRoute } from '../console.policy.ts';
import * as s from './catalog.service.ts';

/** The console's "Catalog" area: owners of the app and operators (catalog.service.ts). */
export async function consoleCatalogRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const writes = perMemberLimit(ctx, 'console-write');
  /** The CSV file of a multipart request: 422 without one, or over CATALOG_IMPORT.maxBytes (read no further). */
  const csvFile = async (req: FastifyRequest) => {
    if (!req.isMultipart()) throw fieldError(CATALOG_IMPORT_FIELD, 'console-members.errors.csv.noFile');
    const file = await req.file({ limits: { fileSize: CATALOG_IMPORT.maxBytes + 1, files: 1 } }).catch(() => undefined);
    if (file?.fieldname !== CATALOG_IMPORT_FIELD) throw fieldError(CATALOG_IMPORT_FIELD, 'console-members.errors.csv.noFile');
    const data = await file.toBuffer().catch(() => undefined);
    if (!data || file.file.truncated || data.length > CATALOG_IMPORT.maxBytes)
      throw fieldError(CATALOG_IMPORT_FIELD, 'console-members.errors.csv.tooLarge', { max: '50 MB' });
    return { data, filename: file.filename };
  };

  consoleRoute(app, e.list, async ({ params, query }, actor, _req, reply) => {
    const { items, total } = await s.listItems(ctx, actor, params.app_id, params.app_module_id, query);
    setPageHeaders(reply, { page: query.page, perPage: query['per-page'] }, total);
    return items;
  });
  consoleRoute(app, e.categories, ({ params }, actor) => s.listCategories(ctx, actor, params.app_id, params.app_module_id));
  consoleRoute(app, e.get, ({ params }, actor) => s.getItem(ctx, actor, params.app_id, params.app_module_id, params.id));
  consoleRoute(app, e.create, ({ params, body }, actor) => s.createItem(ctx, actor, params.app_id, params.app_module_id, body), writes);
  consoleRoute(
    app,
    e.update,
    ({ params, body }, actor) => s.updateItem(ctx, actor, params.app_id, params.app_module_id, params.id, body),
    writes,
  );
  consoleRoute(app, e.remove, ({ params }, actor) => s.removeItem(ctx, actor, params.app_id, params.app_module_id, params.id), writes);
  consoleRoute(
    app,
    e.importPreview,
    async ({ params }, actor, req) => {
      await s.requireArea(ctx, actor, params.app_id, params.app_module_id);
      return s.previewImport(ctx, actor, params.app_id, params.app_module_id, await csvFile(req), req.locale);
    },
    writes,
  );
  consoleRoute(
    app,
    e.import,
    async ({ params }, actor, req) => {
      await s.requireArea(ctx, actor, params.app_id, params.app_module_id);
      return s.importItems(ctx, actor, params.app_id, params.app_module_id, await csvFile(req));
    },
    writes,
  );

  // The export and the template: text/csv outside the endpoint table (not JSON); the console
  // fetches them with the access-token header and saves the blob.
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const csvHeaders = {
    'content-type': 'text/csv; charset=utf-8',
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  };
  typed.get(
    CATALOG_EXPORT_PATH,
    { schema: { hide: true, params: catalogModuleParams }, config: { auth: false, console: true, ...writes } },
    async (req, reply) => {
      const actor = actorOf(req);
      const { app: tenant, mod } = await s.requireArea(ctx, actor, req.params.app_id, req.params.app_module_id);
      await audit(ctx.db, actor, { appId: tenant.id, action: 'catalog.export', targetType: 'app_module', targetId: mod.id });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .headers({ ...csvHeaders, 'content-disposition': `attachment; filename="catalog-${tenant.key}-${mod.id}-${day}.csv"` })
        .send(Readable.from(s.catalogCsv(ctx.db, tenant.id, mod.id)));
    },
  );
  typed.get(
    CATALOG_TEMPLATE_PATH,
    { schema: { hide: true, params: catalogModuleParams }, config: { auth: false, console: true } },
    async (req, reply) => {
      await s.requireArea(ctx, actorOf(req), req.params.app_id, req.params.app_module_id);
      return reply
        .headers({ ...csvHeaders, 'content-disposition': 'attachment; filename="catalog-template.csv"' })
        .send(s.catalogTemplate());
    },
  );
}
