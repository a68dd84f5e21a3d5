import { defineWebModule } from '../../lib/module.ts';

const api = () => import('./api/appusers-api.ts');
const live = () => import('./live.ts');
type Params = Readonly<Record<string, string | undefined>>;

/** The user directory (spec 3 /appusers): the app's members, searched and filtered, page by page. */
export const appusersModule = defineWebModule({
  type: 'appusers',
  namespaces: ['appusers', 'filters'],
  routes: [
    {
      name: 'appusers.index',
      path: '/appusers/:app_module_id',
      load: () => import('./pages/directory-page.tsx'),
      prefetch: (p: Params) => api().then((a) => a.prefetchFilters(Number(p.app_module_id))),
    },
  ],
  // A member changed their profile: the lists showing them refetch (the handler loads with the first event).
  realtime: ({ queryClient, on }) => {
    on('profileUpdated', (e) => void live().then((m) => m.onProfileUpdated(queryClient, e)));
  },
});
