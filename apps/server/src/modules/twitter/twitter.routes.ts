import { twitterEndpoints as e } from '@app/contract/schemas/twitter';
import type { FastifyInstance } from 'fastify';
import { perMemberLimit, route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { startFeedSchedule } from './twitter.fetch.ts';
import { getFeed, setFeedUrl } from './twitter.service.ts';

export async function twitterRoutes(app: FastifyInstance) {
  const { ctx } = app;
  route(app, e.get, ({ params }, req) => getFeed(ctx, scopeOf(req), params.app_module_id));
  route(
    app,
    e.setUrl,
    ({ params, body }, req) => setFeedUrl(ctx, scopeOf(req), params.app_module_id, body.url),
    perMemberLimit(ctx, 'write'),
  );
  if (ctx.config.socialFeedFetch) {
    const stop = startFeedSchedule(ctx);
    app.addHook('onClose', async () => stop());
  }
}
