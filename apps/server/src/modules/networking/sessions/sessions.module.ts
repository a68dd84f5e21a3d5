import { defineModule, erase, voidColumn } from '../../../platform/module.ts';
import { sessionsBenchSetup, sessionsLoadTest } from './sessions.bench.ts';
import { sessionsRoutes } from './sessions.routes.ts';
import { sessionsSeed } from './sessions.seed.ts';
import { networkingSessionMembers, networkingSessionSeats, networkingSessions } from './sessions.table.ts';

/** Speed and group networking sessions (spec 3 §2, §4): rounds on a database clock, pairing, pictures and numbers. */
export const networkingSessionsModule = defineModule({
  name: 'networking-sessions',
  // The shell's strip of a running speed-networking session, on every signed-in page.
  firstScreen: [{ page: '*', reads: ['/networking/sessions/live'] }],
  routes: sessionsRoutes,
  seed: sessionsSeed,
  benchSetup: sessionsBenchSetup,
  loadTest: sessionsLoadTest,
  memberData: [
    voidColumn(networkingSessions.createdBy, 'the owner who planned it: the session stays the app’s'),
    erase(networkingSessionMembers.userId),
    erase(networkingSessionSeats.userId),
  ],
});
