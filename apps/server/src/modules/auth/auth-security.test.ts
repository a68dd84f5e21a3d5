import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, windowMs: 60_000 } });
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

  it('limits failed sign-ins per account whatever the address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await post('/auth/login', { email: 'ben@demo.test', password: `wrong-${i}` }, {}, `10.1.2.${i + 1}`)).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another account is not affected.
    expect((await post('/auth/login', { email: 'anna@demo.test', password: 'demo1234!' }, {}, '10.1.2.99')).statusCode).toBe(200);
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
  });
});
