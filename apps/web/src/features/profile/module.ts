import { defineWebModule } from '../../lib/module.ts';

/** The member's own profile, its edit page (reachable while incomplete, rule 5) and other members' pages. */
export const profileModule = defineWebModule({
  type: 'profile',
  namespaces: ['profile'],
  routes: [
    { name: 'profile.index', path: '/profile/:app_module_id', load: () => import('./pages/profile-page.tsx') },
    {
      name: 'profile.edit',
      path: '/profile/:app_module_id/edit',
      profileEdit: true,
      load: () => import('./pages/profile-edit-page.tsx'),
    },
    { name: 'profile.other', path: '/user/:id', load: () => import('./pages/user-page.tsx') },
  ],
});
