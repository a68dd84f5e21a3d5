import { appConfig, appMenu } from '@app/contract/schemas/app';
import { sessionAnswer } from '@app/contract/schemas/auth';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { appByKey, errorOf, fieldErrorsOf, fieldsOf, updateApp, userByEmail } from '../../../test/helpers.ts';
import { appModules } from '../apps/apps.table.ts';
import { invite } from './auth.service.ts';
import { mailTokens } from './auth.table.ts';

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

/** The token of the newest mail to `to` whose link opens `page` of app `appKey`. */
function tokenFor(to: string, appKey: string, page: 'confirmEmail' | 'resetPassword' | 'confirmInvite'): string {
  for (const mail of t.mailer.outbox()) {
    const url = new URL(mail.link);
    if (mail.to === to && url.pathname === `/login/${page}` && url.searchParams.get('app') === appKey) {
      const token = url.searchParams.get('token');
      if (token) return token;
    }
  }
  throw new Error(`no ${page} mail to ${to} for ${appKey}`);
}

const LINK_EXPIRED = [{ field: '_popup', message: 'This link has expired or was already used' }];

async function expireMailTokens(email: string, appKey: string) {
  const user = await userByEmail(t, appKey, email);
  await t.app.ctx.db
    .update(mailTokens)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(mailTokens.userId, user.id));
}

async function registerAndConfirm(email: string, password: string, appKey: string) {
  const body = { email, first_name: 'Twin', last_name: appKey, password, consent: true };
  expect((await post('/auth/register', body, { 'app-key': appKey })).statusCode).toBe(201);
  const res = await post('/auth/confirm-email', { token: tokenFor(email, appKey, 'confirmEmail') }, { 'app-key': appKey });
  expect(res.statusCode).toBe(200);
  return sessionAnswer.parse(res.json());
}

describe('invitations', () => {
  it('confirms an invite once, sets the password and signs in', async () => {
    const demo = await appByKey(t, 'demo');
    const invited = await invite(t.app.ctx, demo, 'invitee@demo.test', { locale: 'en_US', baseUrl: 'https://summit.example.test' });
    expect(invited.passwordHash).toBeNull();
    const mail = t.mailer.outbox()[0];
    expect(mail?.to).toBe('invitee@demo.test');
    expect(mail?.link).toMatch(/^https:\/\/summit\.example\.test\/login\/confirmInvite\?token=[\w-]{43}&app=demo$/);
    expect(mail?.text).toContain(mail?.link);
    const token = tokenFor('invitee@demo.test', 'demo', 'confirmInvite');

    // Not registered yet, and no sign-in without a password.
    expect((await post('/auth/check-email', { email: 'invitee@demo.test' })).json()).toEqual({ registered: false });
    expect(fieldsOf(await post('/auth/confirm-invite', { token, password: 'short' }))).toEqual(['password']);
    expect(fieldsOf(await post('/auth/confirm-invite', { token: 'short', password: 'Invite-pass-1' }))).toEqual(['token']);

    const res = await post('/auth/confirm-invite', { token, password: 'Invite-pass-1' });
    expect(res.statusCode).toBe(200);
    const session = sessionAnswer.parse(res.json());
    expect(session.user_id).toBe(invited.id);
    const menu = await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': session.access_token } });
    expect(appMenu.parse(menu.json()).user_id).toBe(invited.id);

    expect(fieldErrorsOf(await post('/auth/confirm-invite', { token, password: 'Invite-pass-2' }))).toEqual(LINK_EXPIRED);
    expect(await login(t.app, 'invitee@demo.test', 'Invite-pass-1')).toMatch(/^[\w-]{43}$/);
  });

  it('refuses an expired invite', async () => {
    const demo = await appByKey(t, 'demo');
    await invite(t.app.ctx, demo, 'late.invitee@demo.test', { locale: 'en_US', baseUrl: 'http://localhost' });
    const token = tokenFor('late.invitee@demo.test', 'demo', 'confirmInvite');
    await expireMailTokens('late.invitee@demo.test', 'demo');
    expect(fieldErrorsOf(await post('/auth/confirm-invite', { token, password: 'Invite-pass-1' }))).toEqual(LINK_EXPIRED);
  });
});

describe('one e-mail, two apps', () => {
  it('gives two separate accounts', async () => {
    const demo = await registerAndConfirm('twin@demo.test', 'Demo-pass-1', 'demo');
    const dark = await registerAndConfirm('twin@demo.test', 'Dark-pass-2', 'demo-dark');
    expect(demo.user_id).not.toBe(dark.user_id);
    expect((await userByEmail(t, 'demo', 'twin@demo.test')).id).toBe(demo.user_id);
    expect((await userByEmail(t, 'demo-dark', 'twin@demo.test')).id).toBe(dark.user_id);

    // Each password opens only its own app.
    expect(fieldsOf(await post('/auth/login', { email: 'twin@demo.test', password: 'Dark-pass-2' }))).toEqual(['password']);
    const darkLogin = await post('/auth/login', { email: 'twin@demo.test', password: 'Dark-pass-2' }, { 'app-key': 'demo-dark' });
    expect(sessionAnswer.parse(darkLogin.json()).user_id).toBe(dark.user_id);
    const darkMenu = appMenu.parse((await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': dark.access_token } })).json());
    // The menu of the dark app: its active modules as the database holds them.
    const darkApp = await appByKey(t, 'demo-dark');
    const darkModules = await t.app.ctx.db
      .select({ id: appModules.id })
      .from(appModules)
      .where(and(eq(appModules.appId, darkApp.id), eq(appModules.isActive, true)))
      .orderBy(asc(appModules.position), asc(appModules.id));
    expect(darkModules.length).toBeGreaterThan(0);
    expect(darkMenu.menu.map((m) => m.app_module_id)).toEqual(darkModules.map((m) => m.id));
    expect(darkMenu.user_id).toBe(dark.user_id);
  });

  it('refuses a confirm or reset token of one app on the other', async () => {
    const body = { email: 'cross@demo.test', first_name: 'Cross', last_name: 'App', password: 'Cross-pass-1', consent: true };
    expect((await post('/auth/register', body)).statusCode).toBe(201);
    expect((await post('/auth/register', body, { 'app-key': 'demo-dark' })).statusCode).toBe(201);
    const confirmDemo = tokenFor('cross@demo.test', 'demo', 'confirmEmail');
    expect(fieldErrorsOf(await post('/auth/confirm-email', { token: confirmDemo }, { 'app-key': 'demo-dark' }))).toEqual(LINK_EXPIRED);
    // The refused attempt did not use the token up.
    expect((await post('/auth/confirm-email', { token: confirmDemo })).statusCode).toBe(200);
    const confirmDark = tokenFor('cross@demo.test', 'demo-dark', 'confirmEmail');
    expect((await post('/auth/confirm-email', { token: confirmDark }, { 'app-key': 'demo-dark' })).statusCode).toBe(200);

    expect((await post('/auth/forgot-password', { email: 'cross@demo.test' })).json()).toEqual({ success: true });
    const reset = tokenFor('cross@demo.test', 'demo', 'resetPassword');
    const wrongApp = await post('/auth/reset-password', { token: reset, password: 'Hacked-pass-1' }, { 'app-key': 'demo-dark' });
    expect(fieldErrorsOf(wrongApp)).toEqual(LINK_EXPIRED);
    expect(
      fieldsOf(await post('/auth/login', { email: 'cross@demo.test', password: 'Hacked-pass-1' }, { 'app-key': 'demo-dark' })),
    ).toEqual(['password']);
    expect((await post('/auth/reset-password', { token: reset, password: 'Reset-pass-2' })).statusCode).toBe(200);
    expect(await login(t.app, 'cross@demo.test', 'Reset-pass-2')).toBeTruthy();
    // The other app's account keeps its password.
    expect(await login(t.app, 'cross@demo.test', 'Cross-pass-1', 'demo-dark')).toBeTruthy();
  });

  it('does not tell an unknown address apart on forgot-password', async () => {
    const before = t.mailer.outbox().length;
    const res = await post('/auth/forgot-password', { email: 'nobody-here@demo.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(t.mailer.outbox().length).toBe(before);
  });
});

describe('expired mail links', () => {
  it('refuses an expired confirm link', async () => {
    const body = { email: 'late@demo.test', first_name: 'Late', last_name: 'Comer', password: 'Late-pass-1', consent: true };
    expect((await post('/auth/register', body)).statusCode).toBe(201);
    const token = tokenFor('late@demo.test', 'demo', 'confirmEmail');
    await expireMailTokens('late@demo.test', 'demo');
    expect(fieldErrorsOf(await post('/auth/confirm-email', { token }))).toEqual(LINK_EXPIRED);
    expect(fieldErrorsOf(await post('/auth/login', { email: 'late@demo.test', password: 'Late-pass-1' }))).toEqual([
      { field: '_popup', message: 'Please check your inbox to confirm your email!' },
    ]);
  });

  it('refuses an expired reset link and keeps the password', async () => {
    expect((await post('/auth/forgot-password', { email: 'twin@demo.test' }, { 'app-key': 'demo-dark' })).statusCode).toBe(200);
    const token = tokenFor('twin@demo.test', 'demo-dark', 'resetPassword');
    await expireMailTokens('twin@demo.test', 'demo-dark');
    const res = await post('/auth/reset-password', { token, password: 'Other-pass-3' }, { 'app-key': 'demo-dark' });
    expect(fieldErrorsOf(res)).toEqual(LINK_EXPIRED);
    expect(await login(t.app, 'twin@demo.test', 'Dark-pass-2', 'demo-dark')).toBeTruthy();
  });
});

describe('sign-up rules', () => {
  it('refuses sign-up with _popup when the app is invite-only', async () => {
    await updateApp(t, 'demo-dark', { signupMode: 'invite' });
    try {
      expect(
        appConfig.parse((await t.app.inject({ url: '/user/app-config', headers: { 'app-key': 'demo-dark' } })).json()).signup_mode,
      ).toBe('invite');
      const body = { email: 'closed@demo.test', first_name: 'Closed', last_name: 'Door', password: 'Closed-pass-1', consent: true };
      const res = await post('/auth/register', body, { 'app-key': 'demo-dark' });
      expect(fieldErrorsOf(res)).toEqual([{ field: '_popup', message: 'Sign-up is by invitation only. Please contact the app owner' }]);
      expect((await post('/auth/check-email', { email: 'closed@demo.test' }, { 'app-key': 'demo-dark' })).json()).toEqual({
        registered: false,
      });
      expect(t.mailer.outbox().some((m) => m.to === 'closed@demo.test')).toBe(false);
      // The open app next door still signs people up.
      expect((await post('/auth/register', body)).statusCode).toBe(201);
    } finally {
      await updateApp(t, 'demo-dark', { signupMode: 'open' });
    }
  });

  it('refuses a second registration of a registered e-mail', async () => {
    const body = { email: 'ANNA@demo.test', first_name: 'Anna', last_name: 'Again', password: 'Anna-pass-1', consent: true };
    expect(fieldErrorsOf(await post('/auth/register', body))).toEqual([
      { field: 'email', message: 'This e-mail is already registered. Please sign in' },
    ]);
  });

  it('answers validation errors with field names when the locale cookie is German', async () => {
    // The German catalogue may not exist yet: only status and fields are asserted, and
    // that no raw i18n key leaks (missing texts fall back to English).
    const body = { email: 'not-an-email', first_name: '  ', last_name: '', password: 'short', consent: false };
    const res = await post('/auth/register', body, { 'app-key': 'demo', cookie: 'locale=de_DE' });
    const errors = fieldErrorsOf(res);
    expect([...new Set(errors.map((e) => e.field))].sort()).toEqual(['consent', 'email', 'first_name', 'last_name', 'password']);
    for (const e of errors) expect(e.message).not.toMatch(/^[a-z]+\.[a-zA-Z.]+$/);
    const login422 = await post(
      '/auth/login',
      { email: 'anna@demo.test', password: 'wrong' },
      { 'app-key': 'demo', cookie: 'locale=de_DE' },
    );
    expect(fieldsOf(login422)).toEqual(['password']);
  });

  it('refuses bad JSON and unknown fields on the public calls', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'app-key': 'demo', 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe('The request body is not valid JSON');
    expect(fieldsOf(await post('/auth/login', { email: 'anna@demo.test', password: 'x', admin: true }))).toEqual(['admin']);
    expect((await post('/auth/login', { email: 'anna@demo.test', password: 'demo1234!' }, { 'app-key': 'nope' })).statusCode).toBe(404);
  });
});

describe('rate limiting', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimit: { auth: 3, uploads: 10, writes: 120, windowMs: 60_000 } }, { users: 0 });
  });
  afterAll(() => limited.close());

  const attempt = (headers: Record<string, string>) =>
    limited.app.inject({ method: 'POST', url: '/auth/login', headers, payload: { email: 'anna@demo.test', password: 'guess' } });

  it('answers 429 from the 4th sign-in attempt of an address in a window', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt({ 'app-key': 'demo' })).statusCode).toBe(422);
    const fourth = await attempt({ 'app-key': 'demo' });
    expect(fourth.statusCode).toBe(429);
    expect(errorOf(fourth).message).toBe('Too many attempts. Please wait a minute and try again');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password is refused now.
    const right = await limited.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'app-key': 'demo' },
      payload: { email: 'anna@demo.test', password: 'demo1234!' },
    });
    expect(right.statusCode).toBe(429);
  });

  it('cannot be dodged by changing the Host header', async () => {
    // Without app-key the host names the app (falling back to demo), so a new Host must not open a new bucket.
    for (const host of ['a.example.test', 'b.example.test', 'localhost:1234']) {
      expect((await attempt({ host })).statusCode, host).toBe(429);
    }
  });

  it('counts each app separately', async () => {
    expect((await attempt({ 'app-key': 'demo-dark' })).statusCode).toBe(422);
  });
});
