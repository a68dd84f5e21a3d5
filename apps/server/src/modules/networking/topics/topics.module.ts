import { defineModule, erase, keep } from '../../../platform/module.ts';
import { topicsReports } from './topics.reports.ts';
import { topicsRoutes } from './topics.routes.ts';
import { topicsSeed } from './topics.seed.ts';
import {
  networkingTopicCommentFlags,
  networkingTopicComments,
  networkingTopicFlags,
  networkingTopicLikes,
  networkingTopicMembers,
  networkingTopics,
} from './topics.table.ts';

/** Topics to discuss: create, like, comment, join (spec 3 §2, §9). */
export const networkingTopicsModule = defineModule({
  name: 'networking-topics',
  reports: topicsReports,
  routes: topicsRoutes,
  seed: topicsSeed,
  memberData: [
    keep(networkingTopics.userId, 'topics others joined, liked and commented on: the author shown as "Deleted user" by the name mapper'),
    keep(networkingTopicComments.userId, 'comments in a thread others read: the author shown as "Deleted user" by the name mapper'),
    erase(networkingTopicLikes.userId),
    erase(networkingTopicMembers.userId),
    erase(networkingTopicFlags.userId),
    erase(networkingTopicCommentFlags.userId),
  ],
});
