import { defineModule, erase } from '../../../platform/module.ts';
import { scoreBench, scoreBenchSetup } from './score.bench.ts';
import { scoreRoutes } from './score.routes.ts';
import { scoreSeed } from './score.seed.ts';
import { memberConnected } from './score.service.ts';
import { networkingAchievements } from './score.table.ts';

/**
 * Points, levels, badges, the leaderboard and the rating details (spec 3 §3, §9). Levels and badges
 * are computed when their facts change (afterScoreChange, a profile save, a connection) and by a
 * sweep when a level's window ends, never on a read.
 */
export const networkingScoreModule = defineModule({
  name: 'networking-score',
  routes: scoreRoutes,
  seed: scoreSeed,
  bench: scoreBench,
  benchSetup: scoreBenchSetup,
  // A member's connection may make them online: level 3 (at most every 10 minutes per member).
  socket: (app, s) => {
    memberConnected(app.ctx, s.appId, s.userId);
    return {};
  },
  memberData: [erase(networkingAchievements.userId)],
});
