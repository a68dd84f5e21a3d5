import { defineModule } from '../../platform/module.ts';
import { pwaRoutes } from './pwa.routes.ts';

export const pwaModule = defineModule({ name: 'pwa', routes: pwaRoutes });
