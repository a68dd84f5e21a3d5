import { pushEndpoints } from '@app/contract/schemas/pwa';
import type { FastifyInstance } from 'fastify';
import { perMemberLimit, route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { pushAllowed } from '../networking/score/score.service.ts';
import { opened, subscribe, unsubscribe } from './push.service.ts';

export async function pushRoutes(app: FastifyInstance) {
  // A stored subscription earns the networking hub's push points and badge (once).
  const subscribeAndScore = async (req: Parameters<typeof scopeOf>[0], body: Parameters<typeof subscribe>[2]) => {
    const scope = scopeOf(req);
    const answer = await subscribe(app.ctx, scope.user.id, body);
    await pushAllowed(app.ctx, scope.tenant.id, scope.user.id);
    return answer;
  };
  const writes = perMemberLimit(app.ctx, 'write');
  route(app, pushEndpoints.subscribe, ({ body }, req) => subscribeAndScore(req, body), writes);
  route(app, pushEndpoints.update, ({ body }, req) => subscribeAndScore(req, body), writes);
  route(app, pushEndpoints.unsubscribe, ({ body }, req) => unsubscribe(app.ctx, scopeOf(req).user.id, body.endpoint));
  route(app, pushEndpoints.opened, ({ params }, req) => opened(app.ctx, scopeOf(req).user.id, params.id));
}
