import type { ContentType } from '@app/contract/schemas/content';
import { defineWebModule, type WebModule } from '../../lib/module.ts';
import { moduleKey } from './api/keys.ts';

const feed = () => import('./pages/feed-page.tsx');
/** The first page of posts starts loading with the feed's chunk (PageRoute.prefetch). */
const feedData = (type: ContentType) => (params: Readonly<Record<string, string | undefined>>) =>
  import('./api/content-api.ts').then((api) => api.prefetchFeed(type, Number(params.app_module_id)));
const post = () => import('./pages/post-page.tsx');
const edit = () => import('./pages/edit-page.tsx');

/**
 * Blogs, news and forums share one implementation (docs/decisions.md "Content kit"): the same pages
 * under each type's routes (spec 2 §2). What another person does (a post, comment, like, vote) comes
 * as `contentChanged` and refetches what the open pages of that module show.
 */
function contentModule(type: ContentType, routes: WebModule['routes']): WebModule {
  return defineWebModule({
    type,
    namespaces: ['content', 'activity', 'widgets'],
    routes,
    // New posts (and replies in followed discussions) count on the menu entry until the feed is opened.
    bubble: { kind: 'count', priority: 100 },
    realtime: ({ queryClient, on }) => {
      on('contentChanged', ({ app_module_id }) => {
        void queryClient.invalidateQueries({ queryKey: moduleKey(type, app_module_id) });
      });
    },
  });
}

export const blogsModule = contentModule('blogs', [
  { name: 'blogs.index', path: '/blogs/:app_module_id', load: feed, prefetch: feedData('blogs') },
  { name: 'blogs.item', path: '/blogs/:app_module_id/post/:id', load: post },
  { name: 'blogs.edit', path: '/blogs/:app_module_id/post/:id/edit', load: edit },
]);

export const newsModule = contentModule('news', [
  { name: 'news.index', path: '/news/:app_module_id', load: feed, prefetch: feedData('news') },
  { name: 'news.item', path: '/news/:app_module_id/post/:id', load: post },
  { name: 'news.edit', path: '/news/:app_module_id/post/:id/edit', load: edit },
]);

const discussion = '/forums/:app_module_id/:discussion_name/:discussion_id';
export const forumsModule = contentModule('forums', [
  { name: 'forums.index', path: '/forums/:app_module_id', load: feed, prefetch: feedData('forums') },
  { name: 'forums.discussion', path: discussion, load: post },
  { name: 'forums.item', path: `${discussion}/item/:item_id`, load: post },
  { name: 'forums.edit', path: `${discussion}/item/:item_id/edit`, load: edit },
]);
