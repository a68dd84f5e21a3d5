import { defineModule } from '../../../platform/module.ts';
import { consoleEventRoutes } from './events.routes.ts';

/**
 * Console events (issue 25): an organiser's events of an events module (create, edit, duplicate,
 * cancel, delete), their registrations (list, CSV export and import), registration closed or open.
 * The tables are the events module's (modules/events/events.table.ts).
 */
export const consoleEventsModule = defineModule({
  name: 'console-events',
  routes: consoleEventRoutes,
});
