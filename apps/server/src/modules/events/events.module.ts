import { defineModule } from '../../platform/module.ts';
import { eventsRoutes } from './events.routes.ts';
import { eventsSeed } from './events.seed.ts';
import { eraseRegistrations } from './events.service.ts';

/** Events: list by day, details, registrations with capacity, flags (spec 2, docs/decisions.md "Events"). */
export const eventsModule = defineModule({
  name: 'events',
  routes: eventsRoutes,
  seed: eventsSeed,
  // A deleted account's registrations go: its places are free again.
  onAccountErased: eraseRegistrations,
  bench: [
    {
      name: 'GET /events/{module}/events',
      path: '/events/{module:events}/events',
      auth: 'access-token',
      minRps: 500,
      maxP99Ms: 80,
      minBareRatio: 0.2,
    },
  ],
});
