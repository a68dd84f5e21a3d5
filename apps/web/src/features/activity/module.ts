import type { ActivityItem } from '@app/contract/schemas/activity';
import type { InfiniteData } from '@tanstack/react-query';
import { prependToFirstPage } from '../../lib/cache-updates.ts';
import { defineWebModule } from '../../lib/module.ts';
import { activityFeedKey } from './api/keys.ts';

/** The app's activity: its page, the right sidebar feed, a dot bubble, and live items on top of the feed. */
export const activityModule = defineWebModule({
  type: 'activity',
  namespaces: ['activity'],
  routes: [{ name: 'activity.index', path: '/activity/:app_module_id', load: () => import('./pages/activity-page.tsx') }],
  bubble: { kind: 'dot', priority: 1 },
  rightSidebar: () => import('./components/activity-sidebar.tsx'),
  realtime: ({ queryClient, on }) => {
    on('refreshActivity', ({ activity }) => {
      queryClient.setQueryData<InfiniteData<{ items: ActivityItem[] }>>(activityFeedKey, (data) => prependToFirstPage(data, activity));
    });
  },
});
