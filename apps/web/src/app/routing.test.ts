import { describe, expect, it } from 'vitest';
import { isSafeReturnUrl } from '../lib/return-url.ts';
import { matchRoute } from './route-table.ts';
import { decideRoute, type RoutingInput } from './routing.ts';

const base = (pathname: string, o: Partial<RoutingInput> = {}): RoutingInput => ({
  pathname,
  search: '',
  route: matchRoute(pathname),
  loggedIn: true,
  profileCompleted: true,
  firstModuleUrl: '/news/1',
  profileEditUrl: '/profile/16/edit',
  returnUrl: null,
  ...o,
});

describe('route table', () => {
  it('names the spec routes', () => {
    expect(matchRoute('/login')?.name).toBe('auth.index');
    expect(matchRoute('/login/finish')?.name).toBe('auth.register');
    expect(matchRoute('/login/resetPassword/success')?.name).toBe('auth.resetPassword.success');
    expect(matchRoute('/activity/6')?.name).toBe('activity.index');
    expect(matchRoute('/profile/16/edit')?.name).toBe('profile.edit');
    expect(matchRoute('/networking/meets/index')?.name).toBe('networking.meets');
    expect(matchRoute('/networking/3/all')?.name).toBe('networking.all');
    expect(matchRoute('/user/5')?.name).toBe('profile.other');
    expect(matchRoute('/nothing/here/at/all')).toBeUndefined();
  });
});

describe('routing rules', () => {
  it('rule 3: logged out goes to login and remembers deep links only', () => {
    expect(decideRoute(base('/news/1/post/7', { loggedIn: false, search: '?goTo=comments' }))).toEqual({
      type: 'redirect',
      to: '/login',
      rememberReturn: '/news/1/post/7?goTo=comments',
    });
    for (const p of ['/', '/logout']) {
      expect(decideRoute(base(p, { loggedIn: false }))).toEqual({ type: 'redirect', to: '/login', rememberReturn: undefined });
    }
    expect(decideRoute(base('/login/email', { loggedIn: false }))).toEqual({ type: 'render' });
  });

  it('rule 3: remembers only paths that start with a single "/"', () => {
    // React Router hands such paths over for urls like https://app//evil.example/x.
    for (const p of ['//evil.example/phish', '/\\evil.example/phish']) {
      expect(decideRoute(base(p, { loggedIn: false }))).toEqual({ type: 'redirect', to: '/login', rememberReturn: undefined });
    }
    expect(decideRoute(base('/activity/6', { loggedIn: false }))).toEqual({
      type: 'redirect',
      to: '/login',
      rememberReturn: '/activity/6',
    });
  });

  it('return urls: a single leading "/" only', () => {
    for (const ok of ['/', '/activity/6', '/news/1/post/7?goTo=comments', '/a//b']) expect(isSafeReturnUrl(ok), ok).toBe(true);
    for (const bad of [
      '//evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'activity/6',
      '',
      null,
      undefined,
    ]) {
      expect(isSafeReturnUrl(bad), String(bad)).toBe(false);
    }
  });

  it('rule 4: logged in on an auth page goes to the return url, then the first module', () => {
    expect(decideRoute(base('/login', { returnUrl: '/chats/4' }))).toEqual({ type: 'redirect', to: '/chats/4', clearReturn: true });
    expect(decideRoute(base('/login/email'))).toEqual({ type: 'redirect', to: '/news/1', clearReturn: true });
  });

  it('rule 4: a stored return url that leaves the app is ignored (and cleared)', () => {
    for (const returnUrl of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      expect(decideRoute(base('/login', { returnUrl }))).toEqual({ type: 'redirect', to: '/news/1', clearReturn: true });
      expect(decideRoute(base('/', { returnUrl }))).toEqual({ type: 'redirect', to: '/news/1', clearReturn: true });
    }
  });

  it('rules 4 and 5: signing in with an incomplete profile goes to the edit page and keeps the return url', () => {
    const incomplete = { profileCompleted: false, returnUrl: '/activity/6' };
    for (const p of ['/login', '/login/auth-finish', '/login/confirmEmail', '/']) {
      expect(decideRoute(base(p, incomplete)), p).toEqual({ type: 'redirect', to: '/profile/16/edit' });
    }
    // Also without a return url: straight to the edit page, not via the first module.
    expect(decideRoute(base('/login/auth-finish', { profileCompleted: false }))).toEqual({ type: 'redirect', to: '/profile/16/edit' });
    // Any other page goes to the edit page (rule 5) and is the page to open after saving.
    expect(decideRoute(base('/activity/6', incomplete))).toEqual({
      type: 'redirect',
      to: '/profile/16/edit',
      rememberReturn: '/activity/6',
    });
    // Once complete, the auth page leads to the return url and clears it.
    expect(decideRoute(base('/login', { returnUrl: '/activity/6' }))).toEqual({ type: 'redirect', to: '/activity/6', clearReturn: true });
  });

  it('rule 5: an incomplete profile forces the edit page except on edit routes', () => {
    const incomplete = { profileCompleted: false };
    expect(decideRoute(base('/news/1', incomplete))).toEqual({ type: 'redirect', to: '/profile/16/edit', rememberReturn: '/news/1' });
    // A link followed while signed in is kept for after the edit, with its query, like rule 3 keeps it.
    expect(decideRoute(base('/news/1/post/7', { ...incomplete, search: '?goTo=comments' }))).toEqual({
      type: 'redirect',
      to: '/profile/16/edit',
      rememberReturn: '/news/1/post/7?goTo=comments',
    });
    expect(decideRoute(base('//evil.example/x', incomplete))).toEqual({
      type: 'redirect',
      to: '/profile/16/edit',
      rememberReturn: undefined,
    });
    expect(decideRoute(base('/profile/16/edit', incomplete))).toEqual({ type: 'render' });
    expect(decideRoute(base('/logout', incomplete))).toEqual({ type: 'render' });
  });

  it('rule 6: the root goes to the return url or the first module', () => {
    expect(decideRoute(base('/'))).toEqual({ type: 'redirect', to: '/news/1', clearReturn: true });
    expect(decideRoute(base('/', { returnUrl: '/agenda/2' }))).toEqual({ type: 'redirect', to: '/agenda/2', clearReturn: true });
    expect(decideRoute(base('/news/1'))).toEqual({ type: 'render' });
  });
});
