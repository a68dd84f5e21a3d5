import { networkingScoreEndpoints as e } from '@app/contract/schemas/networking-score';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/route.ts';
import { scopeOf } from '../../../platform/scope.ts';
import { getLeaderboard, getScore, startLevelSweep } from './score.service.ts';

/** The rating details and the leaderboard, and this node's sweep of levels whose window ended. */
export async function scoreRoutes(app: FastifyInstance) {
  const { ctx } = app;
  route(app, e.score, ({ params }, req) => getScore(ctx, scopeOf(req), params.app_module_id));
  route(app, e.leaderboard, ({ params }, req) => getLeaderboard(ctx, scopeOf(req), params.app_module_id));
  const stop = startLevelSweep(ctx);
  app.addHook('onClose', async () => stop());
}
