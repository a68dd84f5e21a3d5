import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = { 'app-key': 'demo' }) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

function linkToken(to: string): string {
  const mail = t.mailer.outbox().find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const token = new URL(mail.link).searchParams.get('token');
  if (!token) throw new Error('no token in link');
  return token;
}

describe('sign-up, confirmation and sign-in', () => {
  it('tells registered from new e-mails', async () => {
    expect((await post('/auth/check-email', { email: 'Anna@Demo.test' })).json()).toEqual({ registered: true });
    expect((await post('/auth/check-email', { email: 'nobody@demo.test' })).json()).toEqual({ registered: false });
  });

  it('registers, refuses login until confirmed, and confirms once', async () => {
    const body = { email: 'new.user@demo.test', first_name: 'New', last_name: 'User', password: 'secret-123', consent: true };
    const reg = await post('/auth/register', body);
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toEqual({ email: 'new.user@demo.test', confirmation_required: true });

    const early = await post('/auth/login', { email: body.email, password: body.password });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual([{ field: '_popup', message: 'Please check your inbox to confirm your email!' }]);

    const token = linkToken(body.email);
    const confirmed = await post('/auth/confirm-email', { token });
    expect(confirmed.statusCode).toBe(200);
    const session = confirmed.json() as { access_token: string; user_id: number };
    expect(session.access_token).toMatch(/^[\w-]{43}$/);

    const again = await post('/auth/confirm-email', { token });
    expect(again.statusCode).toBe(422);

    const menu = await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': session.access_token } });
    expect(menu.statusCode).toBe(200);
    expect(menu.json().user_id).toBe(session.user_id);
    expect(menu.json().is_profile_completed).toEqual([]);
  });

  it('answers wrong credentials in the user language', async () => {
    const res = await post('/auth/login', { email: 'anna@demo.test', password: 'nope' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ field: 'password', message: 'Your Email or Password is incorrect' }]);
    const de = await post('/auth/login', { email: 'bad' }, { 'app-key': 'demo', cookie: 'locale=de_DE' });
    expect(de.statusCode).toBe(422);
    expect(
      de
        .json()
        .map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['email', 'password']);
  });

  it('revokes the token on logout', async () => {
    const token = await login(t.app, 'ben@demo.test');
    const out = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { 'access-token': token } });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': token } });
    expect(after.statusCode).toBe(401);
  });

  it('resets a password with a single-use link and revokes old sessions', async () => {
    const old = await login(t.app, 'admin@demo.test');
    expect((await post('/auth/forgot-password', { email: 'admin@demo.test' })).statusCode).toBe(200);
    const token = linkToken('admin@demo.test');
    expect((await post('/auth/reset-password', { token, password: 'short' })).statusCode).toBe(422);
    expect((await post('/auth/reset-password', { token, password: 'new-pass-42' })).statusCode).toBe(200);
    expect((await post('/auth/reset-password', { token, password: 'new-pass-42' })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': old } })).statusCode).toBe(401);
    expect(await login(t.app, 'admin@demo.test', 'new-pass-42')).toBeTruthy();
  });
});
