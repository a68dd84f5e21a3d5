import { defineWebModule, type PageRoute } from '../../lib/module.ts';
import LoginPage from './pages/login-page.tsx';

const routes: PageRoute[] = [
  // The first screen of every new visitor ships in the entry bundle (1 KB): no round trip for it.
  { name: 'auth.index', path: '/login', page: LoginPage },
  { name: 'auth.email', path: '/login/email', load: () => import('./pages/email-page.tsx') },
  { name: 'auth.checkMail', path: '/login/checkMail', load: () => import('./pages/check-mail-page.tsx') },
  { name: 'auth.confirmEmail', path: '/login/confirmEmail', load: () => import('./pages/confirm-email-page.tsx') },
  { name: 'auth.register', path: '/login/finish', load: () => import('./pages/register-page.tsx') },
  { name: 'auth.finish', path: '/login/auth-finish', load: () => import('./pages/password-page.tsx') },
  { name: 'auth.forgotPassword', path: '/login/forgot-password', load: () => import('./pages/forgot-password-page.tsx') },
  { name: 'auth.resetPassword', path: '/login/resetPassword', load: () => import('./pages/reset-password-page.tsx') },
  { name: 'auth.confirmInvite', path: '/login/confirmInvite', load: () => import('./pages/confirm-invite-page.tsx') },
  {
    name: 'auth.resetPassword.success',
    path: '/login/resetPassword/success',
    load: () => import('./pages/reset-success-page.tsx'),
  },
  { name: 'auth.resetPassword.error', path: '/login/resetPassword/error', load: () => import('./pages/reset-error-page.tsx') },
];

/** The sign-in flow of spec 1 §2.1: every route is an auth-flow route in the auth layout. */
export const authModule = defineWebModule({
  type: 'auth',
  routes: routes.map((r) => ({ ...r, authFlow: true, layout: 'auth' })),
});
