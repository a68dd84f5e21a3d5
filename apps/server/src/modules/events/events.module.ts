import { defineModule, erase, keep, voidColumn } from '../../platform/module.ts';
import { eventsRoutes } from './events.routes.ts';
import { eventsSeed } from './events.seed.ts';
import { eventFlags, eventRegistrations, eventSpeakers } from './events.table.ts';

/** Events: list by day, details, registrations with capacity, flags (spec 2, docs/decisions.md "Events"). */
export const eventsModule = defineModule({
  name: 'events',
  routes: eventsRoutes,
  seed: eventsSeed,
  memberData: [
    keep(eventRegistrations.userId, "freed in events' onAccountErased (the seat given back under the event's lock)"),
    // A speaker's entry stays (the organisers wrote it), no longer linked to the account.
    voidColumn(eventSpeakers.userId),
    erase(eventFlags.userId),
  ],
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
