import { defineModule } from '../../platform/module.ts';
import { networkingRoutes } from './networking.routes.ts';
import { networkingSeed } from './networking.seed.ts';

/** The networking hub's 1:1 meetings (spec 3): request, accept, decline, edit, cancel; push, bubble, calendar feed. */
export const networkingModule = defineModule({
  name: 'networking',
  routes: networkingRoutes,
  seed: networkingSeed,
});
