import { defineModule } from '../../../platform/module.ts';
import { consoleResourcesRoutes } from './resources.routes.ts';

/** The console's "Resources" area (issue 25): folders, uploads, links, order, hide and delete of a resources module. */
export const consoleResourcesModule = defineModule({
  name: 'console-resources',
  routes: consoleResourcesRoutes,
});
