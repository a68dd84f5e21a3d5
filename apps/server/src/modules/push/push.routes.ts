import { pushEndpoints } from '@app/contract/schemas/pwa';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { opened, subscribe, unsubscribe } from './push.service.ts';

export async function pushRoutes(app: FastifyInstance) {
  route(app, pushEndpoints.subscribe, ({ body }, req) => subscribe(app.ctx, scopeOf(req).user.id, body));
  route(app, pushEndpoints.update, ({ body }, req) => subscribe(app.ctx, scopeOf(req).user.id, body));
  route(app, pushEndpoints.unsubscribe, ({ body }, req) => unsubscribe(app.ctx, scopeOf(req).user.id, body.endpoint));
  route(app, pushEndpoints.opened, ({ params }, req) => opened(app.ctx, scopeOf(req).user.id, params.id));
}
