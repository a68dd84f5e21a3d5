import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** The server's log lines, as an operator would read them. */
let lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
  });
  t = await createTestApp({}, { logStream: stream, users: 0 });
});
afterAll(() => t.close());

describe('logs keep secrets out', () => {
  it('one line per request, with tokens in the url redacted', async () => {
    lines = [];
    await t.app.inject({ url: '/news/1?access-token=SECRET-TOKEN-123&x=1', headers: { accept: 'text/html' } });
    await t.app.inject({ url: '/login/resetPassword?token=RESET-TOKEN-456', headers: { accept: 'text/html' } });
    const all = lines.join('\n');
    expect(all).not.toContain('SECRET-TOKEN-123');
    expect(all).not.toContain('RESET-TOKEN-456');
    const requests = lines.map((l) => JSON.parse(l) as { msg: string; url?: string }).filter((l) => l.msg === 'request');
    expect(requests.map((r) => r.url)).toEqual(['/news/1?access-token=[redacted]&x=1', '/login/resetPassword?token=[redacted]']);
  });

  it('a failed query is logged without its parameters (e-mail, password hash)', async () => {
    await t.app.ctx.db.execute(sql`alter table users rename to users_gone`);
    try {
      lines = [];
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'app-key': 'demo' },
        payload: { email: 'secret.person@demo.test', password: 'Hunter2-secret' },
      });
      expect(res.statusCode).toBe(500);
      const all = lines.join('\n');
      expect(all).toContain('request failed');
      expect(all).not.toContain('secret.person@demo.test');
      expect(all).not.toContain('Hunter2-secret');
      expect(all).not.toContain('$argon2');
    } finally {
      await t.app.ctx.db.execute(sql`alter table users_gone rename to users`);
    }
  });
});
