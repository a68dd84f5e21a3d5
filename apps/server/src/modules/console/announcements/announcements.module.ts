import { defineModule, voidColumn } from '../../../platform/module.ts';
import { announcementsBenchSetup, announcementsLoadTest } from './announcements.bench.ts';
import { announcementRoutes } from './announcements.routes.ts';
import { announcementsSeed } from './announcements.seed.ts';
import { announcements } from './announcements.table.ts';

/**
 * Console announcements (issue 22): an organiser's message to all members or a segment, in-app and
 * by push, now or at a set time, in the members' languages.
 */
export const announcementsModule = defineModule({
  name: 'announcements',
  routes: announcementRoutes,
  seed: announcementsSeed,
  benchSetup: announcementsBenchSetup,
  loadTest: announcementsLoadTest,
  memberData: [voidColumn(announcements.authorId, 'the app’s announcements stay; who wrote one is forgotten')],
});
