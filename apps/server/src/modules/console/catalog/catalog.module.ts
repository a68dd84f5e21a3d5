import { defineModule } from '../../../platform/module.ts';
import { consoleCatalogRoutes } from './catalog.routes.ts';

/** The console's "Catalog" area (issue 25): items of a catalog module, their CSV import, template and export. */
export const consoleCatalogModule = defineModule({
  name: 'console-catalog',
  routes: consoleCatalogRoutes,
});
