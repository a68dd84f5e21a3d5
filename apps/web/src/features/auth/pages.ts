import { lazyPage, type PageMap } from '../../lib/lazy.ts';

/** The auth-flow screens by route name (spec 1 §2.1); each page is its own chunk. */
export const authPages: PageMap = {
  'auth.index': lazyPage(() => import('./pages/login-page.tsx')),
  'auth.email': lazyPage(() => import('./pages/email-page.tsx')),
  'auth.finish': lazyPage(() => import('./pages/password-page.tsx')),
  'auth.register': lazyPage(() => import('./pages/register-page.tsx')),
  'auth.checkMail': lazyPage(() => import('./pages/check-mail-page.tsx')),
  'auth.confirmEmail': lazyPage(() => import('./pages/confirm-email-page.tsx')),
  'auth.forgotPassword': lazyPage(() => import('./pages/forgot-password-page.tsx')),
  'auth.resetPassword': lazyPage(() => import('./pages/reset-password-page.tsx')),
  'auth.resetPassword.success': lazyPage(() => import('./pages/reset-success-page.tsx')),
  'auth.resetPassword.error': lazyPage(() => import('./pages/reset-error-page.tsx')),
  'auth.confirmInvite': lazyPage(() => import('./pages/confirm-invite-page.tsx')),
};
