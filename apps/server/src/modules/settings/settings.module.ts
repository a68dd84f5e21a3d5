import { defineModule } from '../../platform/module.ts';
import { settingsRoutes } from './settings.routes.ts';

/** Settings (spec 3 "Settings and notifications"): notification choices, contact, report, admin messages, account deletion. */
export const settingsModule = defineModule({ name: 'settings', routes: settingsRoutes });
