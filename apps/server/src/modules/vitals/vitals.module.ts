import { defineModule } from '../../platform/module.ts';
import { vitalsRoutes } from './vitals.routes.ts';
import { vitalsSeed } from './vitals.seed.ts';

/**
 * Field data (issue 24): Core Web Vitals of the attendee app's page loads, kept as histograms per
 * app, route pattern, metric, device and day, with no member's id (no `memberData`: nothing to
 * erase), read by the console's dashboard as p75 per route.
 */
export const vitalsModule = defineModule({
  name: 'vitals',
  routes: vitalsRoutes,
  seed: vitalsSeed,
});
