import { defineWebModule } from '../../lib/module.ts';
import { setNetworkingStatus } from '../../lib/networking-status.ts';
import { meetsKey, upsertMeeting } from './api/keys.ts';

const base = '/networking/:app_module_id';
const soon = () => import('./pages/soon-page.tsx');

/**
 * Networking (spec 3): the hub home and "My 1:1 meets" are built; the hub's other screens come with
 * their issue (until then each says it is coming soon). Live: a meeting the other party requested, changed or
 * answered lands in the list (`networkingMeeting`), the number bubble counts the requests waiting
 * for my answer, and the speed/group session state the shell's banner shows.
 */
export const networkingModule = defineWebModule({
  type: 'networking',
  namespaces: ['networking'],
  routes: [
    { name: 'networking.index', path: base, load: () => import('./pages/hub-page.tsx') },
    { name: 'networking.meets', path: '/networking/meets/index', load: () => import('./pages/meets-page.tsx') },
    // Not built yet: each says it is coming (soon-page), not that nobody is there.
    { name: 'networking.all', path: `${base}/all`, load: soon },
    { name: 'networking.new', path: `${base}/new`, load: soon },
    { name: 'networking.liked', path: `${base}/liked`, load: soon },
    { name: 'networking.skipped', path: `${base}/skipped`, load: soon },
    { name: 'networking.contacted', path: `${base}/contacted`, load: soon },
    { name: 'networking.connected', path: `${base}/connected`, load: soon },
    { name: 'networking.speed', path: `${base}/speed-networking`, load: soon },
    { name: 'networking.group', path: `${base}/group-networking`, load: soon },
    { name: 'networking.speed.history', path: `${base}/speed-networking/history`, load: soon },
    { name: 'networking.group.history', path: `${base}/group-networking/history`, load: soon },
  ],
  bubble: { kind: 'count', priority: 500 },
  reloadOnReturn: ['networking.speed', 'networking.group', 'networking.meets'],
  realtime: ({ queryClient, on }) => {
    on('speedNetworking', ({ state }) => setNetworkingStatus({ state, mode: 'speedNetworking' }));
    on('groupNetworking', ({ state }) => setNetworkingStatus({ state, mode: 'groupNetworking' }));
    on('networkingMeeting', ({ meeting }) => {
      // Into the list when it is loaded; otherwise it is fetched fresh on the next visit.
      if (queryClient.getQueryData(meetsKey))
        queryClient.setQueryData(meetsKey, (list: Parameters<typeof upsertMeeting>[0]) => upsertMeeting(list, meeting));
    });
  },
});
