import { lazyPage } from '../../lib/lazy.ts';
import { defineWebModule } from '../../lib/module.ts';

/** The member's own profile, its edit page (reachable while incomplete, rule 5) and other members' pages. */
export const profileModule = defineWebModule({
  type: 'profile',
  routes: [
    { name: 'profile.index', path: '/profile/:app_module_id', page: lazyPage(() => import('./pages/profile-page.tsx')) },
    {
      name: 'profile.edit',
      path: '/profile/:app_module_id/edit',
      profileEdit: true,
      page: lazyPage(() => import('./pages/profile-edit-page.tsx')),
    },
    { name: 'profile.other', path: '/user/:id', page: lazyPage(() => import('./pages/user-page.tsx')) },
  ],
});
