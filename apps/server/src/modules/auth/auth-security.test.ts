import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 10, writes: 120, windowMs: 60_000 } });
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, headers: { 'app-key': 'demo', ...headers }, payload, ...(remoteAddress ? { remoteAddress } : {}) });

describe('auth hardening', () => {
  it('never builds mail links from a foreign Host or X-Forwarded-Host header', async () => {
    const email = 'hostile.host@demo.test';
    const body = { email, first_name: 'H', last_name: 'H', password: 'secret-123!', consent: true };
    const res = await post('/auth/register', body, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(res.statusCode).toBe(201);
    const mail = t.mailer.outbox().find((m) => m.to === email);
    expect(mail?.link).toBeDefined();
    expect(new URL(mail?.link ?? '').hostname).toBe('localhost');
  });

  it('lets an unconfirmed account sign up again to get a new link, but not a confirmed one', async () => {
    const email = 'lost.mail@demo.test';
    const body = { email, first_name: 'Lost', last_name: 'Mail', password: 'secret-123!', consent: true };
    expect((await post('/auth/register', body)).statusCode).toBe(201);
    const first = t.mailer.outbox().filter((m) => m.to === email).length;
    expect((await post('/auth/register', body)).statusCode).toBe(201);
    expect(t.mailer.outbox().filter((m) => m.to === email).length).toBe(first + 1);
    expect((await post('/auth/register', { ...body, email: 'anna@demo.test' })).statusCode).toBe(422);
  });

  it('slows a guesser per address without locking the owner out, and a reset lifts it', async () => {
    const guess = (address: string, password = 'wrong') => post('/auth/login', { email: 'ben@demo.test', password }, {}, address);
    for (let i = 0; i < 3; i++) expect((await guess('10.9.9.9')).statusCode).toBe(422);
    const slowed = await guess('10.9.9.9');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from their own address, signs in with the right password.
    expect((await guess('10.9.9.10', 'demo1234!')).statusCode).toBe(200);
    // A password reset lifts the guesser's wait as well (the account's counts are cleared).
    await post('/auth/forgot-password', { email: 'ben@demo.test' });
    const link = t.mailer.outbox().find((m) => m.to === 'ben@demo.test' && m.link.includes('resetPassword'))?.link ?? '';
    const reset = await post('/auth/reset-password', { token: new URL(link).searchParams.get('token'), password: 'New-pass-2026' });
    expect(reset.statusCode).toBe(200);
    expect((await guess('10.9.9.9')).statusCode).toBe(422);
  });

  it('slows an account guessed from many addresses only a little (at most a minute), never locks it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await post('/auth/login', { email: 'anna@demo.test', password: `wrong-${i}` }, {}, `10.1.2.${i + 1}`)).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    const last = await post('/auth/login', { email: 'anna@demo.test', password: 'demo1234!' }, {}, '10.1.3.1');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another account is not affected.
    expect((await post('/auth/login', { email: 'admin@demo.test', password: 'demo1234!' }, {}, '10.1.2.99')).statusCode).toBe(200);
  });

  it('ignores a client X-Forwarded-For (trustProxy is off by default)', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-for': '1.2.3.4' }, remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(t.app.ctx.config.trustProxy).toBe(false);
  });

  it('answers malformed cookies without a 5xx', async () => {
    for (const cookie of ['locale=%E0%A4%A', 'app_key=%E0%A4%A', 'locale=%']) {
      const res = await t.app.inject({ url: '/user/app-config', headers: { cookie } });
      expect(res.statusCode).toBeLessThan(500);
      const page = await t.app.inject({ url: '/login', headers: { cookie, accept: 'text/html' } });
      expect(page.statusCode).toBeLessThan(500);
    }
  });

  it('shows the local outbox only to this machine', async () => {
    expect((await t.app.inject({ url: '/dev/outbox.json', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/dev/outbox.json', remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
    const proxied = await t.app.inject({
      url: '/dev/outbox.json',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(404);
    // DNS rebinding: a page of another site reaches this machine's port under its own host name.
    const rebound = await t.app.inject({ url: '/dev/outbox.json', remoteAddress: '127.0.0.1', headers: { host: 'attacker.example:8080' } });
    expect(rebound.statusCode).toBe(404);
    const realIp = await t.app.inject({ url: '/dev/outbox.json', remoteAddress: '127.0.0.1', headers: { 'x-real-ip': '127.0.0.1' } });
    expect(realIp.statusCode).toBe(404);
    const local = await t.app.inject({ url: '/dev/outbox', remoteAddress: '::1', headers: { host: '127.0.0.1:8080' } });
    expect(local.statusCode).toBe(200);
  });

  it('has no outbox at all where it is turned off (production without OUTBOX=true)', async () => {
    const prod = await createTestApp({ outbox: false }, { users: 0 });
    try {
      expect((await prod.app.inject({ url: '/dev/outbox.json', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('sign-up cannot be hijacked', () => {
  const linkOf = (to: string, n: number) => {
    const mails = t.mailer
      .outbox()
      .filter((m) => m.to === to)
      .reverse();
    return new URL(mails[n]?.link ?? 'http://x/').searchParams.get('token');
  };

  it('a second sign-up on an unconfirmed address voids the first link and its password', async () => {
    const email = 'victim@demo.test';
    const attacker = { email, first_name: 'Mallory', last_name: 'Attacker', password: 'attacker-pass-1', consent: true };
    const victim = { email, first_name: 'Vera', last_name: 'Victim', password: 'victim-pass-22', consent: true };
    expect((await post('/auth/register', attacker)).statusCode).toBe(201);
    expect((await post('/auth/register', victim)).statusCode).toBe(201);
    // The attacker's link (the first mail) no longer confirms anything.
    expect((await post('/auth/confirm-email', { token: linkOf(email, 0) })).statusCode).toBe(422);
    const confirmed = await post('/auth/confirm-email', { token: linkOf(email, 1) });
    expect(confirmed.statusCode).toBe(200);
    expect((await post('/auth/login', { email, password: 'attacker-pass-1' })).statusCode).toBe(422);
    const signedIn = await post('/auth/login', { email, password: 'victim-pass-22' });
    expect(signedIn.statusCode).toBe(200);
    const profile = await t.app.inject({ url: '/user/profile', headers: { 'access-token': signedIn.json().access_token } });
    expect(profile.json()).toMatchObject({ first_name: 'Vera', last_name: 'Victim' });
  });

  it('the confirmation mail never carries the name typed at sign-up', async () => {
    const email = 'greeting@demo.test';
    const phishing = 'Your account is blocked, call +1 555 0100';
    await post('/auth/register', { email, first_name: phishing, last_name: 'x', password: 'secret-123!', consent: true });
    const mail = t.mailer.outbox().find((m) => m.to === email);
    expect(mail?.text).toContain(email);
    expect(mail?.text).not.toContain('blocked');
    expect(mail?.html).not.toContain('blocked');
  });

  it('sends at most 3 sign-up or reset mails an hour to one address, answering the same', async () => {
    const email = 'flooded@demo.test';
    const body = { email, first_name: 'F', last_name: 'F', password: 'secret-123!', consent: true };
    for (let i = 0; i < 5; i++) expect((await post('/auth/register', body)).statusCode).toBe(201);
    expect(t.mailer.outbox().filter((m) => m.to === email)).toHaveLength(3);
    for (let i = 0; i < 5; i++)
      expect((await post('/auth/forgot-password', { email: 'admin@demo.test' })).json()).toEqual({ success: true });
    expect(t.mailer.outbox().filter((m) => m.to === 'admin@demo.test' && m.link.includes('resetPassword'))).toHaveLength(3);
  });

  it('six parallel sign-ups of one new address: one creates it, none answers 5xx', async () => {
    const email = 'parallel@demo.test';
    const body = { email, first_name: 'P', last_name: 'P', password: 'secret-123!', consent: true };
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => post('/auth/register', body)))).map((r) => r.statusCode);
    expect(statuses).toContain(201);
    expect(statuses.every((s) => s === 201 || s === 422)).toBe(true);
  });
});

describe('reset links', () => {
  it('using one reset link voids every other reset link of the account', async () => {
    const email = 'admin@demo.test';
    await post('/auth/forgot-password', { email }, {}, '10.7.0.1');
    await post('/auth/forgot-password', { email }, {}, '10.7.0.2');
    const links = t.mailer
      .outbox()
      .filter((m) => m.to === email && m.link.includes('resetPassword'))
      .slice(0, 2)
      .map((m) => new URL(m.link).searchParams.get('token'));
    expect(links).toHaveLength(2);
    const [newer, older] = links;
    expect((await post('/auth/check-token', { token: older, kind: 'reset' })).statusCode).toBe(200);
    expect((await post('/auth/reset-password', { token: newer, password: 'Fresh-pass-2026' })).statusCode).toBe(200);
    expect((await post('/auth/reset-password', { token: older, password: 'Other-pass-2026' })).statusCode).toBe(422);
    // The page can tell before showing its form.
    const check = await post('/auth/check-token', { token: older, kind: 'reset' });
    expect(check.statusCode).toBe(422);
    expect(check.json()).toEqual([{ field: '_popup', message: expect.any(String) }]);
    expect((await post('/auth/check-token', { token: 'x'.repeat(43), kind: 'invite' })).statusCode).toBe(422);
  });
});

describe('hostile input', () => {
  it('a NUL character in any stored string is a 422 on its field, not a 500', async () => {
    const reg = await post('/auth/register', {
      email: 'nul@demo.test',
      first_name: 'A\u0000B',
      last_name: 'x',
      password: 'secret-123!',
      consent: true,
    });
    expect(reg.statusCode).toBe(422);
    expect(reg.json()).toEqual([{ field: 'first_name', message: 'This value is not valid' }]);
    // (anna was slowed by the test above: the victim of the hijack test signs in instead.)
    const login = await post('/auth/login', { email: 'victim@demo.test', password: 'victim-pass-22' }, {}, '10.5.5.5');
    const token = login.json().access_token as string;
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/user/profile',
      headers: { 'access-token': token },
      payload: { first_name: 'Anna', last_name: 'Nul\u0000', job_title: 'x' },
    });
    expect(profile.statusCode).toBe(422);
    const push = await t.app.inject({
      method: 'POST',
      url: '/push-subscription',
      headers: { 'access-token': token },
      payload: { endpoint: 'https://push.example.com/\u0000', keys: { p256dh: 'a', auth: 'b' } },
    });
    expect(push.statusCode).toBeLessThan(500);
    expect(push.statusCode).not.toBe(200);
  });

  it('60,000 unknown keys get at most 20 field messages', async () => {
    const payload: Record<string, string> = {};
    for (let i = 0; i < 60_000; i++) payload[`k${i}`] = 'v';
    const res = await t.app.inject({ method: 'POST', url: '/pwa/audit', headers: { 'app-key': 'demo' }, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().length).toBeLessThanOrEqual(20);
    expect(res.body.length).toBeLessThan(5_000);
  });
});
