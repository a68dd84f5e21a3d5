import { defineModule } from '../../platform/module.ts';
import { activityRoutes } from './activity.routes.ts';
import { activitySeed } from './activity.seed.ts';

export const activityModule = defineModule({
  name: 'activity',
  routes: activityRoutes,
  seed: activitySeed,
  bench: [{ name: 'GET /user/activity', path: '/user/activity', auth: 'access-token', minRps: 1500, maxP99Ms: 50, minBareRatio: 0.5 }],
});
