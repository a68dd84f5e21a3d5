import { defineModule, erase, voidColumn } from '../../platform/module.ts';
import { eventsReports } from './events.reports.ts';
import { eventsRoutes } from './events.routes.ts';
import { eventsSeed } from './events.seed.ts';
import { eraseRegistrations } from './events.service.ts';
import { eventFlags, eventRegistrations, eventSpeakers } from './events.table.ts';

/** Events: list by day, details, registrations with capacity, flags (spec 2, docs/decisions.md "Events"). */
export const eventsModule = defineModule({
  name: 'events',
  firstScreen: [
    {
      page: '/events/:app_module_id/event/:id',
      reads: ['/events/:app_module_id/events/:id', '/user/related-list?entity=event&id=:id&page=1&per-page=20'],
    },
  ],
  reports: eventsReports,
  routes: eventsRoutes,
  seed: eventsSeed,
  memberData: [
    // Deleted by the hook, which gives the seats back (eraseRegistrations).
    erase(eventRegistrations.userId, { byHook: true }),
    // A speaker's entry stays (the organisers wrote it), no longer linked to the account.
    voidColumn(eventSpeakers.userId),
    erase(eventFlags.userId),
  ],
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
