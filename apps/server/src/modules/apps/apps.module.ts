import { clientEvents } from '@app/contract/schemas/realtime';
import { coalesce } from '../../lib/socket-limits.ts';
import { emitAllBubbles } from '../../platform/bubbles.ts';
import { defineModule, onEvent } from '../../platform/module.ts';
import { appsBench, appsBenchSetup } from './apps.bench.ts';
import { appsRoutes } from './apps.routes.ts';
import { appsSeed } from './apps.seed.ts';

export const appsModule = defineModule({
  name: 'apps',
  // The shell's menu, on every signed-in page.
  firstScreen: [{ page: '*', reads: ['/user/app-menu'] }],
  routes: appsRoutes,
  socket: (app, socket) => ({
    // The client asks on connect and when its tab becomes visible again; asks during a run fold into one rerun.
    getBubbles: onEvent(
      clientEvents.getBubbles,
      coalesce(
        () => emitAllBubbles(app.ctx, socket, socket.appId, socket.userId),
        (err) => app.log.warn({ err }, 'bubbles failed'),
      ),
    ),
  }),
  seed: appsSeed,
  bench: appsBench,
  benchSetup: appsBenchSetup,
});
