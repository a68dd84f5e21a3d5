import { defineModule } from '../../platform/module.ts';
import { modulesRoutes } from './modules.routes.ts';

/** The generic `/{type}` answer for module types not built yet; listed last so built ones win. */
export const modulesModule = defineModule({ name: 'modules', routes: modulesRoutes });
