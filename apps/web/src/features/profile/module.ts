import { defineWebModule } from '../../lib/module.ts';

const live = () => import('./live.ts');

/**
 * The member's own profile, its edit page (reachable while incomplete, rule 5), other members'
 * pages and the favorites list. The spec's same-path variants (profile.networking.index, …other,
 * …edit) are these routes: one path is one screen (route-table.test.ts).
 */
export const profileModule = defineWebModule({
  type: 'profile',
  // networking: the 1:1 meeting dialog of another member's profile.
  namespaces: ['profile', 'networking'],
  routes: [
    { name: 'profile.index', path: '/profile/:app_module_id', load: () => import('./pages/profile-page.tsx') },
    {
      name: 'profile.edit',
      path: '/profile/:app_module_id/edit',
      profileEdit: true,
      load: () => import('./pages/profile-edit-page.tsx'),
    },
    { name: 'profile.favorites', path: '/profile/:app_module_id/favorites', load: () => import('./pages/favorites-page.tsx') },
    { name: 'profile.other', path: '/user/:id', load: () => import('./pages/user-page.tsx') },
  ],
  // Another member changed their profile: screens showing them refetch (the handler loads with the first event).
  realtime: ({ queryClient, on }) => {
    on('profileUpdated', (e) => void live().then((m) => m.onProfileUpdated(queryClient, e)));
  },
});
