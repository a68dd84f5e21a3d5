import { defineModule } from '../../platform/module.ts';
import { activityRoutes } from './activity.routes.ts';
import { activitySeed } from './activity.seed.ts';

export const activityModule = defineModule({ name: 'activity', routes: activityRoutes, seed: activitySeed });
