import { defineWebModule } from '../../lib/module.ts';
import { pageKey } from './api/keys.ts';

const page = () => import('./pages/freeform-page.tsx');
const api = () => import('./api/freeform-api.ts');

/** Free-form page (spec 2): one page of rich content with a copy-link action; an organiser's save reaches open pages live. */
export const freeformModule = defineWebModule({
  type: 'freeform',
  namespaces: ['freeform'],
  routes: [
    {
      name: 'freeform.index',
      path: '/freeform/:app_module_id',
      load: page,
      prefetch: (p: Readonly<Record<string, string | undefined>>) => api().then((a) => a.prefetchPage(Number(p.app_module_id))),
    },
  ],
  // An organiser saved the page in the console: an open page reads it again, a cached one is stale.
  realtime: ({ queryClient, on }) => {
    on('freeformPage', (e) => void queryClient.invalidateQueries({ queryKey: pageKey(e.app_module_id) }));
  },
});
