import { defineModule } from '../../platform/module.ts';
import { pushBenchSetup, pushLoadTest } from './push.bench.ts';
import { pushRoutes } from './push.routes.ts';

export const pushModule = defineModule({ name: 'push', routes: pushRoutes, benchSetup: pushBenchSetup, loadTest: pushLoadTest });
