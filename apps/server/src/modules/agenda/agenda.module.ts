import { defineModule } from '../../platform/module.ts';
import { agendaBench, agendaBenchSetup, agendaLoadTest } from './agenda.bench.ts';
import { agendaRoutes } from './agenda.routes.ts';
import { agendaSeed } from './agenda.seed.ts';
import { eraseMemberRows } from './agenda.service.ts';
import { agendaSocket } from './agenda.socket.ts';

/** The agenda: sessions, speakers, personal schedule, Q&A, ratings, calendars (issue 10, docs/decisions.md "Agenda"). */
export const agendaModule = defineModule({
  name: 'agenda',
  routes: agendaRoutes,
  socket: agendaSocket,
  seed: agendaSeed,
  // A deleted account's schedule, ratings and upvotes go, and the counts they made with them.
  onAccountErased: eraseMemberRows,
  bench: agendaBench,
  benchSetup: agendaBenchSetup,
  loadTest: agendaLoadTest,
});
