import { defineModule, keep } from '../../platform/module.ts';
import { activityRoutes } from './activity.routes.ts';
import { activitySeed } from './activity.seed.ts';
import { activityPages } from './activity.service.ts';
import { activities } from './activity.table.ts';

export const activityModule = defineModule({
  name: 'activity',
  routes: activityRoutes,
  seed: activitySeed,
  memberData: [keep(activities.userId, 'the activity feed others read: the actor shown as "Deleted user" by the name mapper')],
  // The cached pages showed the member's name: dropped after the commit, on every node.
  onAccountErased:
    async (_tx, { appId }) =>
    async (ctx) =>
      ctx.bus.publish({ t: 'cache', name: activityPages.name, prefix: `${appId}:` }),
  bench: [{ name: 'GET /user/activity', path: '/user/activity', auth: 'access-token', minRps: 1500, maxP99Ms: 50, minBareRatio: 0.6 }],
});
