import { defineWebModule } from '../../lib/module.ts';

const page = () => import('./pages/freeform-page.tsx');
const api = () => import('./api/freeform-api.ts');

/** Free-form page (spec 2): one page of rich content with a copy-link action. */
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
});
