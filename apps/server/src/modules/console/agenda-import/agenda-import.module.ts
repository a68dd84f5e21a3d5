import { defineModule } from '../../../platform/module.ts';
import { agendaImportBenchSetup, agendaImportLoadTest } from './agenda-import.bench.ts';
import { agendaImportRoutes } from './agenda-import.routes.ts';

/**
 * Console agenda import and export (issue 25): a schedule (agenda CSV, iCalendar, Frab/pretalx XML)
 * or a speakers CSV previewed against the agenda by the source's ids, then applied in one
 * transaction; the agenda, its ratings and its Q&A exported. No table of its own.
 */
export const agendaImportModule = defineModule({
  name: 'agenda-import',
  routes: agendaImportRoutes,
  benchSetup: agendaImportBenchSetup,
  loadTest: agendaImportLoadTest,
});
