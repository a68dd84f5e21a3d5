import { defineModule } from '../../platform/module.ts';
import { freeformRoutes } from './freeform.routes.ts';
import { freeformSeed } from './freeform.seed.ts';

/** Free-form page (spec 2): a module's one page of rich content. */
export const freeformModule = defineModule({
  name: 'freeform',
  routes: freeformRoutes,
  seed: freeformSeed,
});
