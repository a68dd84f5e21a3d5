import type { NetworkingState } from '@app/contract/realtime';
import type { NetworkingChange } from '@app/contract/schemas/networking-hub';
import type { LiveSession } from '@app/contract/schemas/networking-sessions';
import { api, bootRead } from '../../lib/api.ts';
import { defineWebModule } from '../../lib/module.ts';
import { type NetworkingStatus, setNetworkingStatus } from '../../lib/networking-status.ts';
import { hubKeys, meetsKey, upsertMeeting } from './api/keys.ts';
import { topicsRealtime } from './topics/realtime.ts';

const base = '/networking/:app_module_id';
const list = () => import('./lists/list-page.tsx');
const session = () => import('./sessions/session-page.tsx');
const history = () => import('./sessions/history-page.tsx');

/** A finished session's green strip and banner stay this long (SESSIONS.completedShowSeconds), then go. */
const COMPLETED_SHOWN_MS = 900_000;
let completedTimer: ReturnType<typeof setTimeout> | undefined;

/** The banner's state; "completed" (between rounds, or the end) fades to nothing if no round follows. */
function showSession(status: NetworkingStatus | null) {
  clearTimeout(completedTimer);
  setNetworkingStatus(status);
  if (status?.state === 'completed') completedTimer = setTimeout(() => setNetworkingStatus(null), COMPLETED_SHOWN_MS);
}

/** What each kind of `networkingActivity` change makes stale. */
const STALE: Record<NetworkingChange, readonly (readonly unknown[])[]> = {
  lists: [hubKeys.lists, ['networking', 'hub', 'card']],
  score: [hubKeys.score],
  leaderboard: [hubKeys.leaderboard],
  topics: [hubKeys.topics],
  sessions: [hubKeys.sessions],
};

/**
 * Networking (spec 3): the hub home, the six networker lists, speed and group networking with
 * their histories, topics to discuss, the leaderboard and rating details, the QR badge, and "My
 * 1:1 meets". Live: a meeting the other party requested, changed or answered lands in the list
 * (`networkingMeeting`); `networkingActivity` refetches what it says changed; the speed/group
 * session state drives the shell's banner; the number bubble counts what waits for my answer.
 */
export const networkingModule = defineWebModule({
  type: 'networking',
  namespaces: ['networking', 'networking-lists', 'networking-score', 'networking-sessions', 'networking-topics', 'networking-badge'],
  routes: [
    { name: 'networking.index', path: base, load: () => import('./pages/hub-page.tsx') },
    { name: 'networking.meets', path: '/networking/meets/index', load: () => import('./pages/meets-page.tsx') },
    { name: 'networking.all', path: `${base}/all`, load: list },
    { name: 'networking.new', path: `${base}/new`, load: list },
    { name: 'networking.liked', path: `${base}/liked`, load: list },
    { name: 'networking.skipped', path: `${base}/skipped`, load: list },
    { name: 'networking.contacted', path: `${base}/contacted`, load: list },
    { name: 'networking.connected', path: `${base}/connected`, load: list },
    { name: 'networking.speed', path: `${base}/speed-networking`, load: session },
    { name: 'networking.group', path: `${base}/group-networking`, load: session },
    { name: 'networking.speed.history', path: `${base}/speed-networking/history`, load: history },
    { name: 'networking.group.history', path: `${base}/group-networking/history`, load: history },
    { name: 'networking.topics', path: `${base}/topics`, load: () => import('./topics/topics-page.tsx') },
    { name: 'networking.topic', path: `${base}/topics/:topic_id`, load: () => import('./topics/topic-page.tsx') },
    { name: 'networking.leaderboard', path: `${base}/leaderboard`, load: () => import('./score/leaderboard-page.tsx') },
    { name: 'networking.rating', path: `${base}/rating`, load: () => import('./score/rating-page.tsx') },
    { name: 'networking.badge', path: `${base}/badge`, load: () => import('./badge/badge-page.tsx') },
    { name: 'networking.scan', path: `${base}/scan`, load: () => import('./badge/scan-page.tsx') },
    { name: 'networking.scanned', path: `${base}/badge/:token`, load: () => import('./badge/scanned-page.tsx') },
  ],
  bubble: { kind: 'count', priority: 500 },
  reloadOnReturn: ['networking.speed', 'networking.group', 'networking.meets'],
  // The banner of a session under way paints with the first screen when the page carried its state.
  start: () => {
    const live = bootRead<LiveSession>('/networking/sessions/live');
    if (live?.mode) showSession({ state: live.state, mode: live.mode });
  },
  realtime: (live) => {
    const { queryClient, on, onConnect } = live;
    topicsRealtime(live);
    // A speed/group session changed (a round began or ended, someone joined): the banner, and the
    // session pages open (refetched within a second, spread so a room of members does not ask at once).
    const sessionChanged = (state: NetworkingState, mode: NetworkingStatus['mode']) => {
      showSession({ state, mode });
      // The larger the session, the wider the spread (2,000 members: within 4.8 s).
      let members = 0;
      for (const [, v] of queryClient.getQueriesData<{ session?: { participants: number } | null }>({ queryKey: hubKeys.sessions }))
        members = Math.max(members, v?.session?.participants ?? 0);
      const spreadMs = Math.min(800 + members * 2, 5000);
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: hubKeys.sessions }), Math.random() * spreadMs);
    };
    on('speedNetworking', ({ state }) => sessionChanged(state, 'speedNetworking'));
    on('groupNetworking', ({ state }) => sessionChanged(state, 'groupNetworking'));
    // Whoever opens the app during a session sees the banner too: one small call per connection.
    onConnect(() => {
      void api<LiveSession>('/networking/sessions/live', { silent: true })
        .then(({ data }) => showSession(data.mode ? { state: data.state, mode: data.mode } : null))
        .catch(() => {});
    });
    on('networkingMeeting', ({ meeting }) => {
      // Into the list when it is loaded; otherwise it is fetched fresh on the next visit.
      if (queryClient.getQueryData(meetsKey))
        queryClient.setQueryData(meetsKey, (list: Parameters<typeof upsertMeeting>[0]) => upsertMeeting(list, meeting));
      // A 1:1 request or answer gives points.
      void queryClient.invalidateQueries({ queryKey: hubKeys.score });
    });
    on('networkingActivity', ({ what }) => {
      for (const w of what ?? ['lists', 'score']) for (const key of STALE[w]) void queryClient.invalidateQueries({ queryKey: key });
    });
  },
});
