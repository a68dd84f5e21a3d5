import { defineWebModule } from '../../lib/module.ts';
import { feedKey } from './api/keys.ts';

const page = () => import('./pages/wall-page.tsx');
const api = () => import('./api/twitter-api.ts');
type Params = Readonly<Record<string, string | undefined>>;

/** Social wall (the `twitter` module): posts of an RSS or Atom feed the server fetches and caches; new posts arrive live. */
export const twitterModule = defineWebModule({
  type: 'twitter',
  namespaces: ['twitter', 'widgets'],
  routes: [
    {
      name: 'twitter.index',
      path: '/twitter/:app_module_id',
      load: page,
      prefetch: (p: Params) => api().then((a) => a.prefetchFeed(Number(p.app_module_id))),
    },
  ],
  realtime: ({ queryClient, on }) => {
    on('socialFeedUpdated', ({ app_module_id }) => void queryClient.invalidateQueries({ queryKey: feedKey(app_module_id) }));
  },
});
