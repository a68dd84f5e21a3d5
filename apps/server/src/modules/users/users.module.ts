import { defineModule } from '../../platform/module.ts';
import { usersRoutes } from './users.routes.ts';
import { usersSeed } from './users.seed.ts';

export const usersModule = defineModule({ name: 'users', routes: usersRoutes, seed: usersSeed });
