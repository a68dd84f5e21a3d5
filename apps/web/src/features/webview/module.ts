import { defineWebModule } from '../../lib/module.ts';
import { urlKey } from './api/keys.ts';

const page = () => import('./pages/webview-page.tsx');
const api = () => import('./api/webview-api.ts');

/** Webview (spec 3): asks before opening the app's external site in a new window; Open, Open again, Copy URL. */
export const webviewModule = defineWebModule({
  type: 'webview',
  namespaces: ['webview', 'widgets'],
  routes: [
    {
      name: 'webview.index',
      path: '/webview/:app_module_id',
      load: page,
      prefetch: (p: Readonly<Record<string, string | undefined>>) => api().then((a) => a.prefetchUrl(Number(p.app_module_id))),
    },
  ],
  // The owner changed the address: an open page shows the new one without a reload.
  realtime: ({ queryClient, on }) => {
    on('webviewUrl', (e) => queryClient.setQueryData(urlKey(e.app_module_id), e));
  },
});
