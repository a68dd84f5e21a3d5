import { networkingBadgeEndpoints as e } from '@app/contract/schemas/networking-badge';
import type { FastifyInstance } from 'fastify';
import { perMemberLimit, route } from '../../../platform/route.ts';
import { scopeOf } from '../../../platform/scope.ts';
import { metPeople, myBadge, renewBadge, resolveBadge } from './badge.service.ts';

export async function badgeRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const writes = perMemberLimit(ctx, 'write');
  route(app, e.mine, ({ params }, req) => myBadge(ctx, scopeOf(req), params.app_module_id));
  route(app, e.met, ({ params }, req) => metPeople(ctx, scopeOf(req), params.app_module_id));
  route(app, e.renew, ({ params }, req) => renewBadge(ctx, scopeOf(req), params.app_module_id), writes);
  // Resolving takes from the writes' budget, failed ones too: a forger cannot try tokens by the thousand.
  route(app, e.resolve, ({ params, body }, req) => resolveBadge(ctx, scopeOf(req), params.app_module_id, body.token), writes);
}
