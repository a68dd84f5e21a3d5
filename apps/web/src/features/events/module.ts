import { defineWebModule } from '../../lib/module.ts';

const base = '/events/:app_module_id';
// Live handlers and calls load with the first registration event or screen: nothing weighs on the first screen.
const live = () => import('./live.ts');
const api = () => import('./api/events-api.ts');
type Params = Readonly<Record<string, string | undefined>>;

/**
 * Events (spec 2 §2–§4): the list by day with the session calendar and search, an event's details
 * with registration, attendees, speakers, custom sections and its agenda. Registrations reach every
 * open list and details screen over the socket (docs/decisions.md "Events").
 */
export const eventsModule = defineWebModule({
  type: 'events',
  namespaces: ['events', 'filters', 'widgets'],
  routes: [
    {
      name: 'events.index',
      path: base,
      load: () => import('./pages/events-page.tsx'),
      prefetch: (p: Params) => api().then((a) => a.prefetchOverview(Number(p.app_module_id))),
    },
    {
      name: 'events.item',
      path: `${base}/event/:id`,
      load: () => import('./pages/event-page.tsx'),
      prefetch: (p: Params) => api().then((a) => a.prefetchEvent(Number(p.app_module_id), Number(p.id))),
    },
    {
      name: 'events.profile',
      path: `${base}/event/:id/details/:profile_type/:profile_id`,
      load: () => import('./pages/profile-page.tsx'),
    },
    {
      name: 'events.agenda',
      path: `${base}/event/:id/agenda`,
      load: () => import('./pages/agenda-page.tsx'),
      prefetch: (p: Params) => api().then((a) => a.prefetchEvent(Number(p.app_module_id), Number(p.id))),
    },
  ],
  realtime: ({ queryClient: qc, on, onReconnect }) => {
    on('eventRegistrations', (e) => void live().then((m) => m.onRegistrations(qc, e)));
    // The organiser changed, cancelled, closed or deleted an event: its module's screens reload it.
    on('eventChanged', (e) => void qc.invalidateQueries({ queryKey: ['events', e.app_module_id] }));
    // After a reconnection, what was missed: the events' queries and their attendees (inactive ones only go stale).
    onReconnect(() => {
      void qc.invalidateQueries({ queryKey: ['events'] });
      void qc.invalidateQueries({ queryKey: ['related-users', 'event'] });
    });
  },
});
