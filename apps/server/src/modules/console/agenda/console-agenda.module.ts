import { defineModule } from '../../../platform/module.ts';
import { consoleAgendaBench, consoleAgendaBenchSetup } from './console-agenda.bench.ts';
import { consoleAgendaRoutes } from './console-agenda.routes.ts';

/**
 * The console's agenda (issue 25): tracks, rooms, speakers and sessions of an agenda module, the
 * grid by day and room with its conflicts, publishing drafts. Its rows are the agenda module's.
 */
export const consoleAgendaModule = defineModule({
  name: 'console-agenda',
  routes: consoleAgendaRoutes,
  bench: consoleAgendaBench,
  benchSetup: consoleAgendaBenchSetup,
});
