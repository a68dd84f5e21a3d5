import { describe, expect, it } from 'vitest';
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

  it('rule 4: logged in on an auth page goes to the return url, then the first module', () => {
    expect(decideRoute(base('/login', { returnUrl: '/chats/4' }))).toEqual({ type: 'redirect', to: '/chats/4', clearReturn: true });
    expect(decideRoute(base('/login/email'))).toEqual({ type: 'redirect', to: '/news/1', clearReturn: true });
  });

  it('rule 5: an incomplete profile forces the edit page except on edit routes', () => {
    const incomplete = { profileCompleted: false };
    expect(decideRoute(base('/news/1', incomplete))).toEqual({ type: 'redirect', to: '/profile/16/edit' });
    expect(decideRoute(base('/profile/16/edit', incomplete))).toEqual({ type: 'render' });
    expect(decideRoute(base('/logout', incomplete))).toEqual({ type: 'render' });
  });

  it('rule 6: the root goes to the return url or the first module', () => {
    expect(decideRoute(base('/'))).toEqual({ type: 'redirect', to: '/news/1', clearReturn: true });
    expect(decideRoute(base('/', { returnUrl: '/agenda/2' }))).toEqual({ type: 'redirect', to: '/agenda/2', clearReturn: true });
    expect(decideRoute(base('/news/1'))).toEqual({ type: 'render' });
  });
});
