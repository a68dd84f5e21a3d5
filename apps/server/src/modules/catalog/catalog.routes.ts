import { catalogEndpoints as e } from '@app/contract/schemas/catalog';
import type { FastifyInstance } from 'fastify';
import { setPageHeaders } from '../../lib/pagination.ts';
import { perMemberLimit, route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { flagItem, getItem, listCategories, listItems, wantToBuy } from './catalog.service.ts';

/**
 * Want-to-buy requests a member may make per window: a twelfth of the writes' allowance (10 a minute by
 * default). Each sends at most one mail per item and day; the limit stops one account from mailing
 * every exhibitor of a catalog at once.
 */
export const buyRequestsPerWindow = (writes: number) => Math.max(1, Math.floor(writes / 12));

export async function catalogRoutes(app: FastifyInstance) {
  const { ctx } = app;
  route(app, e.list, async ({ params, query }, req, reply) => {
    const page = { page: query.page, perPage: query['per-page'] };
    const { items, total } = await listItems(ctx, scopeOf(req), params.app_module_id, query.search, page, query.category);
    setPageHeaders(reply, page, total);
    return items;
  });
  route(app, e.categories, ({ params }, req) => listCategories(ctx, scopeOf(req), params.app_module_id));
  route(app, e.get, ({ params }, req) => getItem(ctx, scopeOf(req), params.app_module_id, params.id));
  route(app, e.flag, ({ params }, req) => flagItem(ctx, scopeOf(req), params.app_module_id, params.id), perMemberLimit(ctx, 'write'));
  route(
    app,
    e.wantToBuy,
    ({ params, body }, req) => wantToBuy(ctx, scopeOf(req), params.app_module_id, params.id, body.message),
    perMemberLimit(ctx, 'catalog-buy', buyRequestsPerWindow(ctx.config.rateLimit.writes)),
  );
}
