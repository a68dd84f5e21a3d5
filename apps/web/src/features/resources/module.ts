import { defineWebModule } from '../../lib/module.ts';
import { live, liveIfLoaded } from './live-loader.ts';

const base = '/resources/:app_module_id';
// Live handlers and calls load with the first resources event or screen: nothing weighs on the first screen.
const api = () => import('./api/resources-api.ts');
const itemPage = () => import('./pages/item-page.tsx');
type Params = Readonly<Record<string, string | undefined>>;

/**
 * Resources (spec 3 §2): folders, files, images and links; members add files and links, owners
 * rename, hide and delete; changes reach open screens over the socket (docs/decisions.md "Resources").
 */
export const resourcesModule = defineWebModule({
  type: 'resources',
  namespaces: ['resources'],
  routes: [
    {
      name: 'resources.index',
      path: base,
      load: () => import('./pages/resources-page.tsx'),
      prefetch: (p: Params) => api().then((a) => a.prefetchRoot(Number(p.app_module_id))),
    },
    {
      name: 'resources.item',
      path: `${base}/:id`,
      load: itemPage,
      prefetch: (p: Params) => api().then((a) => a.prefetchItem(Number(p.app_module_id), Number(p.id))),
    },
    {
      name: 'resources.view',
      path: `${base}/:folder_id/:id`,
      load: itemPage,
      prefetch: (p: Params) => api().then((a) => a.prefetchItem(Number(p.app_module_id), Number(p.id))),
    },
  ],
  realtime: ({ queryClient: qc, on, onConnect }) => {
    on('resourceChanged', (e) => void live().then((m) => m.onChanged(qc, e)));
    onConnect(() => void liveIfLoaded()?.then((m) => m.onConnect(qc)));
  },
});
