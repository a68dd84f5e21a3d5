import { defineWebModule } from '../../lib/module.ts';
import { live, liveIfLoaded } from './live-loader.ts';

const base = '/agenda/:app_module_id';
// Live handlers and calls load with the first agenda event or screen: nothing weighs on the first screen.
const api = () => import('./api/agenda-api.ts');
type Params = Readonly<Record<string, string | undefined>>;

/**
 * The agenda (spec 1 §2.1, issue 10): sessions by day and track, personal schedule, session details
 * with live Q&A and rating, speakers. A moved or cancelled session, a question or a vote, the
 * attendee count and the rating average reach open screens over the socket (docs/decisions.md "Agenda").
 */
export const agendaModule = defineWebModule({
  type: 'agenda',
  namespaces: ['agenda', 'filters', 'widgets'],
  routes: [
    {
      name: 'agenda.index',
      path: base,
      load: () => import('./pages/agenda-page.tsx'),
      prefetch: (p: Params) => api().then((a) => a.prefetchOverview(Number(p.app_module_id))),
    },
    {
      name: 'agenda.details',
      path: `${base}/:item_id`,
      load: () => import('./pages/session-page.tsx'),
      prefetch: (p: Params) => api().then((a) => a.prefetchSession(Number(p.app_module_id), Number(p.item_id))),
    },
    { name: 'agenda.profile', path: `${base}/:item_id/:profile_id`, load: () => import('./pages/speaker-page.tsx') },
  ],
  realtime: ({ queryClient: qc, on, onConnect }) => {
    on('agendaSession', (e) => void live().then((m) => m.onSession(qc, e.session)));
    on('agendaQuestion', (e) => void live().then((m) => m.onQuestion(qc, e.question)));
    on('agendaQuestionRemoved', (e) => void live().then((m) => m.onQuestionRemoved(qc, e.session_id, e.id)));
    on('agendaAttendees', (e) => void live().then((m) => m.onAttendees(qc, e.session_id, e.attendees_count)));
    on('agendaChanged', (e) => void live().then((m) => m.onAgendaChanged(qc, e.app_module_id)));
    on('agendaRating', (e) => void live().then((m) => m.onRating(qc, e.session_id, e.rating_average, e.ratings_count)));
    onConnect(() => void liveIfLoaded()?.then((m) => m.onConnect(qc)));
  },
});
