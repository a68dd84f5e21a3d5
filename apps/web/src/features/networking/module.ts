import { defineWebModule } from '../../lib/module.ts';
import { setNetworkingStatus } from '../../lib/networking-status.ts';

const base = '/networking/:app_module_id';

/**
 * Networking (spec 3): its screens come with their issue (placeholders until then). Already live: the
 * speed/group session state the shell's banner shows, a number bubble, and a reload of the session
 * pages on return to the tab.
 */
export const networkingModule = defineWebModule({
  type: 'networking',
  routes: [
    { name: 'networking.index', path: base },
    { name: 'networking.meets', path: '/networking/meets/index' },
    { name: 'networking.all', path: `${base}/all` },
    { name: 'networking.new', path: `${base}/new` },
    { name: 'networking.liked', path: `${base}/liked` },
    { name: 'networking.skipped', path: `${base}/skipped` },
    { name: 'networking.contacted', path: `${base}/contacted` },
    { name: 'networking.connected', path: `${base}/connected` },
    { name: 'networking.speed', path: `${base}/speed-networking` },
    { name: 'networking.group', path: `${base}/group-networking` },
    { name: 'networking.speed.history', path: `${base}/speed-networking/history` },
    { name: 'networking.group.history', path: `${base}/group-networking/history` },
  ],
  bubble: { kind: 'count', priority: 500 },
  reloadOnReturn: ['networking.speed', 'networking.group'],
  realtime: ({ on }) => {
    on('speedNetworking', ({ state }) => setNetworkingStatus({ state, mode: 'speedNetworking' }));
    on('groupNetworking', ({ state }) => setNetworkingStatus({ state, mode: 'groupNetworking' }));
  },
});
