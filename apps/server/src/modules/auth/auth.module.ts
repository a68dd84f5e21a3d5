import { defineModule } from '../../platform/module.ts';
import { authRoutes } from './auth.routes.ts';

export const authModule = defineModule({ name: 'auth', routes: authRoutes });
