import { lazyPage, type PageMap } from '../../lib/lazy.ts';

export const profilePages: PageMap = {
  'profile.index': lazyPage(() => import('./pages/profile-page.tsx')),
  'profile.edit': lazyPage(() => import('./pages/profile-edit-page.tsx')),
  'profile.other': lazyPage(() => import('./pages/user-page.tsx')),
};
