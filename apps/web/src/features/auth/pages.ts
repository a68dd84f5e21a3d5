import { lazyPage, type PageMap } from '../../lib/lazy.ts';
import LoginPage from './pages/login-page.tsx';

/** The auth-flow screens by route name (spec 1 §2.1); each page but the first is its own chunk. */
export const authPages: PageMap = {
  // The first screen of every new visitor ships in the entry bundle (1 KB): no round trip for it.
  'auth.index': LoginPage,
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
