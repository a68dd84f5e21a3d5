import { defineModule } from '../../platform/module.ts';
import { pushRoutes } from './push.routes.ts';

export const pushModule = defineModule({ name: 'push', routes: pushRoutes });
