import { defineWebModule } from '../../lib/module.ts';
import { moduleKey } from './api/keys.ts';

const list = () => import('./pages/catalog-page.tsx');
const item = () => import('./pages/item-page.tsx');
/** The list, or the item, starts loading with the screen's chunk (PageRoute.prefetch). */
const api = () => import('./api/catalog-api.ts');
type Params = Readonly<Record<string, string | undefined>>;

/** Catalog (spec 2): a searchable list of items and their details with report, copy link and "I want to buy". */
export const catalogModule = defineWebModule({
  type: 'catalog',
  namespaces: ['catalog', 'filters'],
  routes: [
    {
      name: 'catalog.index',
      path: '/catalog/:app_module_id',
      load: list,
      prefetch: (p: Params) => api().then((a) => a.prefetchItems(Number(p.app_module_id))),
    },
    {
      name: 'catalog.item',
      path: '/catalog/:app_module_id/:id',
      load: item,
      prefetch: (p: Params) => api().then((a) => a.prefetchItem(Number(p.app_module_id), Number(p.id))),
    },
  ],
  // The organisers changed the items (console edit or import): the module's open screens read them again.
  realtime: ({ queryClient: qc, on }) => {
    on('catalogChanged', (e) => void qc.invalidateQueries({ queryKey: moduleKey(e.app_module_id) }));
  },
});
