import { defineModule } from '../../platform/module.ts';
import { appusersBench, appusersBenchSetup } from './appusers.bench.ts';
import { appusersRoutes } from './appusers.routes.ts';
import { appusersSeed } from './appusers.seed.ts';

/** The user directory (spec 3 /appusers): search and filters over the app's members, from memory. */
export const appusersModule = defineModule({
  name: 'appusers',
  firstScreen: [
    { page: '/appusers/:app_module_id', reads: ['/appusers/:app_module_id/filters', '/appusers/:app_module_id/users?page=1&per-page=24'] },
  ],
  routes: appusersRoutes,
  seed: appusersSeed,
  bench: appusersBench,
  benchSetup: appusersBenchSetup,
});
