import { lazyPage, type PageMap } from '../../lib/lazy.ts';

export const activityPages: PageMap = {
  'activity.index': lazyPage(() => import('./pages/activity-page.tsx')),
};
