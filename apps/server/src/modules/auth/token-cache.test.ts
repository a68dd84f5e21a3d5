import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { hashToken } from '../../lib/tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The cache's kept hashes (raw token → hash and when): what the hot path did not compute again. */
const keptHashes = () => (t.app.ctx.tokens as unknown as { hashes: Map<string, { hash: string; at: number }> }).hashes;

const menu = (token: string) => t.app.inject({ url: '/user/app-menu', headers: { 'access-token': token } });

/** What another node's revocation looks like here: the row is revoked and the bus names its hash. */
async function revokeElsewhere(token: string) {
  const hash = hashToken(token);
  await t.app.ctx.db.execute(sql`update access_tokens set revoked_at = now() where token_hash = ${hash}`);
  t.app.ctx.bus.receive(JSON.stringify({ node: 'another-node', e: { t: 'tokens', hashes: [hash] } }));
}

describe('the access token on the hot path', () => {
  it('hashes a live token once, not on every request', async () => {
    const token = await login(t.app, 'ben@demo.test');
    expect((await menu(token)).statusCode).toBe(200);
    const kept = keptHashes().get(token);
    expect(kept?.hash).toBe(hashToken(token));
    for (let i = 0; i < 5; i++) expect((await menu(token)).statusCode).toBe(200);
    // The same entry: neither hashed nor remembered again.
    expect(keptHashes().get(token)).toBe(kept);
  });

  it('a token revoked on another node fails at once, although its hash is cached', async () => {
    const token = await login(t.app, 'ben@demo.test');
    expect((await menu(token)).statusCode).toBe(200);
    expect((await menu(token)).statusCode).toBe(200);
    await revokeElsewhere(token);
    expect((await menu(token)).statusCode).toBe(401);
    expect((await menu(token)).statusCode).toBe(401);
  });

  it('a token signed out on this node fails at once, although its hash is cached', async () => {
    const token = await login(t.app, 'ben@demo.test');
    expect((await menu(token)).statusCode).toBe(200);
    expect((await menu(token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { 'access-token': token } });
    expect(out.statusCode).toBe(200);
    expect((await menu(token)).statusCode).toBe(401);
  });

  it('a token that expires fails at once, although its hash and session are cached', async () => {
    const token = await login(t.app, 'ben@demo.test');
    const hash = hashToken(token);
    await t.app.ctx.db.execute(sql`update access_tokens set expires_at = now() + interval '1 second' where token_hash = ${hash}`);
    // The session cached at sign-in carries the year-long expiry: the next look-up reads the short one.
    t.app.ctx.tokens.drop(hash);
    expect((await menu(token)).statusCode).toBe(200);
    expect((await menu(token)).statusCode).toBe(200);
    await sleep(1_200);
    expect((await menu(token)).statusCode).toBe(401);
  });

  it('keeps no hash of a token that names no session', async () => {
    const made = 'x'.repeat(43);
    expect((await menu(made)).statusCode).toBe(401);
    expect((await menu(made)).statusCode).toBe(401);
    expect(keptHashes().has(made)).toBe(false);
  });
});
