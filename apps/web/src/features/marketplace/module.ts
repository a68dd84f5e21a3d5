import { defineWebModule } from '../../lib/module.ts';
import { itemKey, listsKey } from './api/keys.ts';

const list = () => import('./pages/marketplace-page.tsx');
const item = () => import('./pages/listing-page.tsx');
/** The list, or the listing, starts loading with the screen's chunk (PageRoute.prefetch). */
const api = () => import('./api/marketplace-api.ts');
type Params = Readonly<Record<string, string | undefined>>;

/**
 * Marketplace (spec 3): members' listings, searchable, with details, copy link, report, contact
 * the seller, and their own listings to add, edit and delete. Another member's change refetches the
 * module's lists and that listing (a deleted one leaves the cache at once).
 */
export const marketplaceModule = defineWebModule({
  type: 'marketplace',
  namespaces: ['marketplace'],
  routes: [
    {
      name: 'marketplace.index',
      path: '/marketplace/:app_module_id',
      load: list,
      prefetch: (p: Params) => api().then((a) => a.prefetchListings(Number(p.app_module_id))),
    },
    {
      name: 'marketplace.item',
      path: '/marketplace/:app_module_id/:id',
      load: item,
      prefetch: (p: Params) => api().then((a) => a.prefetchListing(Number(p.app_module_id), Number(p.id))),
    },
  ],
  realtime: ({ queryClient, on }) => {
    on('marketplaceChanged', ({ app_module_id, item_id, what }) => {
      void queryClient.invalidateQueries({ queryKey: listsKey(app_module_id) });
      if (what === 'deleted') queryClient.removeQueries({ queryKey: itemKey(app_module_id, item_id) });
      else void queryClient.invalidateQueries({ queryKey: itemKey(app_module_id, item_id) });
    });
  },
});
