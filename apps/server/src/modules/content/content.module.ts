import { defineModule, erase, keep } from '../../platform/module.ts';
import { contentBench, contentBenchSetup } from './content.bench.ts';
import { commentPages, feedPages } from './content.caches.ts';
import { contentReports } from './content.reports.ts';
import { contentRoutes } from './content.routes.ts';
import { contentSeed } from './content.seed.ts';
import { contentComments, contentFlags, contentFollows, contentLikes, contentPosts, pollVotes, uploads } from './content.table.ts';

/** Blogs, news and forums: one implementation for the three module types (docs/decisions.md "Content kit"). */
export const contentModule = defineModule({
  name: 'content',
  firstScreen: (['news', 'blogs', 'forums'] as const).flatMap((type) => [
    { page: `/${type}/:app_module_id`, reads: ['/content/:app_module_id/posts?page=1&per-page=10'] },
    {
      page: `/${type}/:app_module_id/post/:id`,
      reads: ['/content/:app_module_id/posts/:id', '/content/:app_module_id/posts/:id/comments?page=1&per-page=50'],
    },
  ]),
  reports: contentReports,
  routes: contentRoutes,
  seed: contentSeed,
  memberData: [
    keep(contentPosts.userId, 'posts others read: the author shown as "Deleted user" by the name mapper'),
    keep(contentComments.userId, 'comments others read: the author shown as "Deleted user" by the name mapper'),
    keep(contentLikes.userId, 'counted in likes_count: the liker shown as "Deleted user" by the name mapper'),
    keep(pollVotes.userId, 'counted in the option\'s votes_count: the voter shown as "Deleted user" by the name mapper'),
    keep(uploads.userId, 'files of posts and messages others read (the uploader is never shown); unattached ones are swept'),
    erase(contentFollows.userId),
    erase(contentFlags.userId),
  ],
  // The cached feed and comment pages showed the member's name: dropped after the commit, on every node.
  onAccountErased: async () => async (ctx) => {
    for (const cache of [feedPages, commentPages]) ctx.bus.publish({ t: 'cache', name: cache.name, prefix: '' });
  },
  bench: contentBench,
  benchSetup: contentBenchSetup,
});
