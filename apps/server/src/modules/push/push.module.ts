import { defineModule, erase } from '../../platform/module.ts';
import { pushBenchSetup, pushLoadTest } from './push.bench.ts';
import { pushRoutes } from './push.routes.ts';
import { pushMessages, pushSubscriptions } from './push.table.ts';

export const pushModule = defineModule({
  name: 'push',
  routes: pushRoutes,
  benchSetup: pushBenchSetup,
  loadTest: pushLoadTest,
  memberData: [erase(pushSubscriptions.userId), erase(pushMessages.userId)],
});
