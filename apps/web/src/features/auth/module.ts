import { lazyPage } from '../../lib/lazy.ts';
import { defineWebModule, type PageRoute } from '../../lib/module.ts';
import LoginPage from './pages/login-page.tsx';

const routes: PageRoute[] = [
  // The first screen of every new visitor ships in the entry bundle (1 KB): no round trip for it.
  { name: 'auth.index', path: '/login', page: LoginPage },
  { name: 'auth.email', path: '/login/email', page: lazyPage(() => import('./pages/email-page.tsx')) },
  { name: 'auth.checkMail', path: '/login/checkMail', page: lazyPage(() => import('./pages/check-mail-page.tsx')) },
  { name: 'auth.confirmEmail', path: '/login/confirmEmail', page: lazyPage(() => import('./pages/confirm-email-page.tsx')) },
  { name: 'auth.register', path: '/login/finish', page: lazyPage(() => import('./pages/register-page.tsx')) },
  { name: 'auth.finish', path: '/login/auth-finish', page: lazyPage(() => import('./pages/password-page.tsx')) },
  { name: 'auth.forgotPassword', path: '/login/forgot-password', page: lazyPage(() => import('./pages/forgot-password-page.tsx')) },
  { name: 'auth.resetPassword', path: '/login/resetPassword', page: lazyPage(() => import('./pages/reset-password-page.tsx')) },
  { name: 'auth.confirmInvite', path: '/login/confirmInvite', page: lazyPage(() => import('./pages/confirm-invite-page.tsx')) },
  {
    name: 'auth.resetPassword.success',
    path: '/login/resetPassword/success',
    page: lazyPage(() => import('./pages/reset-success-page.tsx')),
  },
  { name: 'auth.resetPassword.error', path: '/login/resetPassword/error', page: lazyPage(() => import('./pages/reset-error-page.tsx')) },
];

/** The sign-in flow of spec 1 §2.1: every route is an auth-flow route in the auth layout. */
export const authModule = defineWebModule({
  type: 'auth',
  routes: routes.map((r) => ({ ...r, authFlow: true, layout: 'auth' })),
});
