import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { updateApp } from '../../../test/helpers.ts';

/** A stand-in identity provider: authorize → code, token (checks PKCE), userinfo. */
let idp: http.Server;
let idpUrl = '';
const challenges = new Map<string, string>();
let t: TestApp;

function jwt(payload: object) {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none' })}.${part(payload)}.sig`;
}

beforeAll(async () => {
  idp = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://idp');
    if (url.pathname === '/authorize') {
      const code = `code-${challenges.size + 1}`;
      challenges.set(code, url.searchParams.get('code_challenge') ?? '');
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      back.searchParams.set('scope', 'openid email');
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/token') {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const verifier = form.get('code_verifier') ?? '';
        const expected = challenges.get(form.get('code') ?? '');
        const ok =
          expected && createHash('sha256').update(verifier).digest('base64url') === expected && form.get('client_secret') === 'sec';
        if (!ok) return void res.writeHead(400).end('{"error":"invalid_grant"}');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ access_token: 'idp-access', id_token: jwt({ email: 'Olivia.Oauth@Example.test', email_verified: true }) }),
        );
      });
      return;
    }
    if (url.pathname === '/userinfo') {
      if (req.headers.authorization !== 'Bearer idp-access') return void res.writeHead(401).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ given_name: 'Olivia', family_name: 'Oauth' }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => idp.listen(0, '127.0.0.1', r));
  idpUrl = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  t = await createTestApp();
  const provider = {
    clientId: 'cid',
    clientSecret: 'sec',
    authorizeUrl: `${idpUrl}/authorize`,
    tokenUrl: `${idpUrl}/token`,
    userInfoUrl: `${idpUrl}/userinfo`,
  };
  await updateApp(t, 'demo', {
    oauth: {
      apple: provider,
      google: {
        clientId: 'cid',
        clientSecret: 'sec',
        authorizeUrl: `${idpUrl}/authorize`,
        tokenUrl: `${idpUrl}/token`,
        userInfoUrl: `${idpUrl}/userinfo`,
      },
    },
  });
});
afterAll(async () => {
  idp.close();
  await t.close();
});

const location = (res: { headers: Record<string, unknown> }) => String(res.headers.location ?? '');

/** Runs the browser's part: start, the provider's redirect, the callback. */
async function signInWithGoogle() {
  const start = await t.app.inject({ url: '/auth/oauth/google?app=demo', headers: { host: 'localhost:8080' } });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(location(start));
  expect(authorize.origin).toBe(idpUrl);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:8080/auth/oauth/google/callback');
  const back = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(back.headers.get('location') ?? '');
  const done = await t.app.inject({ url: `${callback.pathname}${callback.search}`, headers: { host: 'localhost:8080' } });
  expect(done.statusCode).toBe(302);
  return { callback, done: location(done) };
}

describe('sign-in with a provider', () => {
  it('takes over an account someone else signed up for and never confirmed: their password, name and links are void', async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { 'app-key': 'demo' }, payload });
    const email = 'olivia.oauth@example.test';
    const planted = { email, first_name: 'Mallory', last_name: 'Planted', password: 'attacker-pass-1', consent: true };
    expect((await post('/auth/register', planted)).statusCode).toBe(201);
    const link = t.mailer.outbox().find((m) => m.to === email)?.link ?? '';
    const { done } = await signInWithGoogle();
    expect(done).toContain('#oauth_token=');
    // The attacker's password does not open the account the provider confirmed.
    const attacker = await post('/auth/login', { email, password: 'attacker-pass-1' });
    expect(attacker.statusCode).toBe(422);
    // Nor does the confirmation link sent for the planted sign-up.
    const token = new URL(link).searchParams.get('token');
    expect((await post('/auth/confirm-email', { token })).statusCode).toBe(422);
    const session = decodeURIComponent(done.split('oauth_token=')[1]?.split('&')[0] ?? '');
    const profile = await t.app.inject({ url: '/user/profile', headers: { 'access-token': session } });
    expect(profile.json()).toMatchObject({ first_name: 'Olivia', last_name: 'Oauth' });
  });

  it('lists the configured providers in the app config', async () => {
    const res = await t.app.inject({ url: '/user/app-config', headers: { 'app-key': 'demo' } });
    expect(res.json().oauth_providers).toEqual(['apple', 'google']);
    const dark = await t.app.inject({ url: '/user/app-config', headers: { 'app-key': 'demo-dark' } });
    expect(dark.json().oauth_providers).toEqual([]);
  });

  it('creates a confirmed account from the verified e-mail and hands the token to the app in the fragment', async () => {
    const { callback, done } = await signInWithGoogle();
    expect(done).toMatch(/^\/login\?app=demo#oauth_token=[\w-]{43}&user_id=\d+$/);
    const token = decodeURIComponent(done.split('oauth_token=')[1]?.split('&')[0] ?? '');
    const menu = await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': token } });
    expect(menu.statusCode).toBe(200);
    const profile = await t.app.inject({ url: '/user/profile', headers: { 'access-token': token } });
    expect(profile.json()).toMatchObject({ email: 'olivia.oauth@example.test', first_name: 'Olivia', last_name: 'Oauth' });

    // The state is single use.
    const replay = await t.app.inject({ url: `${callback.pathname}${callback.search}` });
    expect(location(replay)).toContain('#oauth_error=google');
  });

  it('signs the same person into the same account the next time', async () => {
    const first = (await signInWithGoogle()).done.split('user_id=')[1];
    const second = (await signInWithGoogle()).done.split('user_id=')[1];
    expect(second).toBe(first);
  });

  it('sends an unconfigured provider or a forged callback back to the login with an error', async () => {
    const fb = await t.app.inject({ url: '/auth/oauth/facebook?app=demo' });
    expect(fb.statusCode).toBe(302);
    expect(location(fb)).toBe('/login?app=demo#oauth_error=facebook');
    const forged = await t.app.inject({ url: '/auth/oauth/google/callback?code=x&state=not-a-state' });
    expect(location(forged)).toContain('#oauth_error=google');
    expect((await t.app.inject({ url: '/auth/oauth/myspace?app=demo' })).statusCode).toBe(422);
  });

  it('accepts the form post Apple answers with', async () => {
    const start = await t.app.inject({ url: '/auth/oauth/apple?app=demo', headers: { host: 'localhost:8080' } });
    const authorize = new URL(location(start));
    expect(authorize.searchParams.get('response_mode')).toBe('form_post');
    const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location') ?? '');
    const form = new URLSearchParams({
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
      user: '{}',
    });
    const done = await t.app.inject({
      method: 'POST',
      url: '/auth/oauth/apple/callback',
      headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(done.statusCode).toBe(302);
    expect(location(done)).toMatch(/^\/login\?app=demo#oauth_token=[\w-]{43}&user_id=\d+$/);
  });
});
