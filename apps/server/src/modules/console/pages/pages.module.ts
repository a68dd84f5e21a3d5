import { defineModule } from '../../../platform/module.ts';
import { consolePagesRoutes } from './pages.routes.ts';

/** Console free-form pages (issue 25): an organiser edits a `freeform` module's page of rich content. */
export const consolePagesModule = defineModule({
  name: 'console-pages',
  routes: consolePagesRoutes,
});
