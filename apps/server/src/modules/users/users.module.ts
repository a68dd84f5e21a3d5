import { defineModule, erase } from '../../platform/module.ts';
import { usersMemberErased } from './profiles.service.ts';
import { userFavorites, userFlags, userNotes, userProfiles } from './profiles.table.ts';
import { usersReports } from './users.reports.ts';
import { usersRoutes } from './users.routes.ts';
import { usersSeed } from './users.seed.ts';
import { bubbles } from './users.table.ts';

export const usersModule = defineModule({
  name: 'users',
  firstScreen: [
    { page: '*', reads: ['/user/settings'] },
    { page: '/profile/:app_module_id', reads: ['/user/profile'] },
  ],
  reports: usersReports,
  routes: usersRoutes,
  seed: usersSeed,
  // The member's own row (`users`) is overwritten by settings' ERASED_USER_COLUMNS.
  memberData: [
    erase(userProfiles.userId),
    // Favourites both ways, notes the member wrote and notes others kept about the member.
    erase(userFavorites.userId),
    erase(userFavorites.favoriteId),
    erase(userNotes.authorId),
    erase(userNotes.subjectId),
    erase(bubbles.userId),
    // Reports both ways: hers of others, and others' of a member who is no longer there.
    erase(userFlags.reporterId),
    erase(userFlags.subjectId),
  ],
  // The pictures' files, the directory and the favourite sets that showed the member, after the commit.
  onAccountErased: usersMemberErased,
});
