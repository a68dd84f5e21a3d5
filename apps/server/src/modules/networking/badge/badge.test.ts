import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../../test/harness.ts';
import { fieldErrorsOf, fieldsOf, userByEmail } from '../../../../test/helpers.ts';
import { users } from '../../users/users.table.ts';
import { badgeKey } from './badge.service.ts';
import { networkingScans } from './badge.table.ts';
import { signBadge } from './badge.token.ts';

let t: TestApp;
let anna: string;
let ben: string;
let darkAnna: string;
let ids: { anna: number; ben: number; darkAnna: number; app: number; darkApp: number };
let hub: number;
let darkHub: number;

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: Json) =>
  t.app.inject({ method, url, headers: { 'access-token': token }, ...(payload ? { payload } : {}) });
const resolve = (token: string, badge: unknown, moduleId = hub) =>
  call('POST', `/networking/${moduleId}/badge/resolve`, token, { token: badge });

async function menuModule(token: string, type: string) {
  const menu = (await call('GET', '/user/app-menu', token)).json() as { menu: Array<{ type: string; app_module_id: number }> };
  const m = menu.menu.find((x) => x.type === type);
  if (!m) throw new Error(`no ${type} module`);
  return m.app_module_id;
}

const scansBetween = (a: number, b: number) =>
  t.app.ctx.db
    .select()
    .from(networkingScans)
    .where(
      or(
        and(eq(networkingScans.scannerId, a), eq(networkingScans.scannedId, b)),
        and(eq(networkingScans.scannerId, b), eq(networkingScans.scannedId, a)),
      ),
    );

const message = (res: { json: () => unknown }) => (res.json() as Array<{ field: string; message: string }>)[0]?.message;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 10, writes: 2400, windowMs: 60_000 } });
  [anna, ben, darkAnna] = await Promise.all([
    login(t.app, 'anna@demo.test'),
    login(t.app, 'ben@demo.test'),
    login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark'),
  ]);
  const annaRow = await userByEmail(t, 'demo', 'anna@demo.test');
  const benRow = await userByEmail(t, 'demo', 'ben@demo.test');
  const darkAnnaRow = await userByEmail(t, 'demo-dark', 'anna@demo.test');
  ids = { anna: annaRow.id, ben: benRow.id, darkAnna: darkAnnaRow.id, app: annaRow.appId, darkApp: darkAnnaRow.appId };
  hub = await menuModule(anna, 'networking');
  darkHub = await menuModule(darkAnna, 'networking');
});
afterAll(async () => {
  await t.close();
});

/** A member of the demo app who can sign in (made for one test: blocking or deleting her touches no one else). */
async function newMember(tag: string) {
  const email = `badge-${tag}-${Date.now()}@demo.test`;
  const { hashPassword } = await import('../../../lib/passwords.ts');
  const [row] = await t.app.ctx.db
    .insert(users)
    .values({
      appId: ids.app,
      email,
      firstName: 'Badge',
      lastName: tag,
      emailConfirmedAt: new Date(),
      passwordHash: await hashPassword('demo1234!'),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no member');
  return { id: row.id, token: await login(t.app, email) };
}

describe('my badge', () => {
  it('answers a signed link to me and my card; the same until renewed; 404 for another app’s module, 401 signed out', async () => {
    const res = await call('GET', `/networking/${hub}/badge`, anna);
    expect(res.statusCode, res.body).toBe(200);
    const badge = res.json() as { token: string; path: string; person: { id: number; fullname: string } };
    expect(badge.path).toBe(`/networking/${hub}/badge/${badge.token}`);
    expect(badge.person.id).toBe(ids.anna);
    // The raw secret is nowhere in it.
    expect(res.body).not.toContain((await badgeKey(t.app.ctx.db)).toString());
    expect((await call('GET', `/networking/${hub}/badge`, anna)).json()).toMatchObject({ token: badge.token });
    for (const path of ['badge', 'badge/met']) expect((await call('GET', `/networking/${darkHub}/${path}`, anna)).statusCode).toBe(404);
    expect((await call('POST', `/networking/${darkHub}/badge/renew`, anna)).statusCode).toBe(404);
    expect((await call('POST', `/networking/${darkHub}/badge/resolve`, anna, { token: badge.token })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/networking/${hub}/badge` })).statusCode).toBe(401);
  });
});

describe('resolving a badge', () => {
  it('a valid badge opens the owner’s card and records the contact once per pair, for both', async () => {
    const { token } = (await call('GET', `/networking/${hub}/badge`, anna)).json() as { token: string };
    const a = await newMember('scanner');
    const first = await resolve(a.token, token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ own: false, person: { id: ids.anna } });
    const [row] = await scansBetween(a.id, ids.anna);
    expect(row).toMatchObject({ scannerId: a.id, scannedId: ids.anna, appId: ids.app });
    // Again: still one row, its last time moved.
    await new Promise((r) => setTimeout(r, 10));
    expect((await resolve(a.token, token)).statusCode).toBe(200);
    const again = await scansBetween(a.id, ids.anna);
    expect(again).toHaveLength(1);
    expect(again[0]?.firstScannedAt.getTime()).toBe(row?.firstScannedAt.getTime());
    expect(again[0]?.lastScannedAt.getTime()).toBeGreaterThan(row?.lastScannedAt.getTime() ?? 0);
    // Both see it: she as "scanned me", the scanner as "scanned".
    const hers = (await call('GET', `/networking/${hub}/badge/met`, anna)).json() as Array<{ person: { id: number }; how: string }>;
    expect(hers[0]).toMatchObject({ person: { id: a.id }, how: 'scannedMe' });
    const his = (await call('GET', `/networking/${hub}/badge/met`, a.token)).json() as Array<{ person: { id: number }; how: string }>;
    expect(his).toEqual([expect.objectContaining({ person: expect.objectContaining({ id: ids.anna }), how: 'scanned' })]);
    // She scans him back: one entry each, "both".
    const mine = (await call('GET', `/networking/${hub}/badge`, a.token)).json() as { token: string };
    expect((await resolve(anna, mine.token)).statusCode).toBe(200);
    const hersNow = (await call('GET', `/networking/${hub}/badge/met`, anna)).json() as Array<{ person: { id: number }; how: string }>;
    expect(hersNow.filter((m) => m.person.id === a.id)).toEqual([expect.objectContaining({ how: 'both' })]);
  });

  it('my own badge says it is mine and records nothing', async () => {
    const me = await newMember('self');
    const { token } = (await call('GET', `/networking/${hub}/badge`, me.token)).json() as { token: string };
    const res = await resolve(me.token, token);
    expect(res.json()).toMatchObject({ own: true, person: { id: me.id } });
    expect(await scansBetween(me.id, me.id)).toHaveLength(0);
  });

  it('forged tokens answer 422 on the token: bad mac, another member id, truncated, garbage, huge, not a string', async () => {
    const { token } = (await call('GET', `/networking/${hub}/badge`, anna)).json() as { token: string };
    const [u, v, ...rest] = token.split('-');
    const mac = rest.join('-');
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const forged = [
      `${u}-${v}-${flip(mac, 0)}`,
      `${u}-${v}-${flip(mac, mac.length - 1)}`,
      `${ids.ben.toString(36)}-${v}-${mac}`,
      `${u}-${((Number.parseInt(v ?? '0', 36) + 1) % 2_000_000_000).toString(36)}-${mac}`,
      token.slice(0, -1),
      token.slice(0, 8),
      'garbage',
      '../../user/1',
      'x'.repeat(100_000),
      '',
    ];
    for (const f of forged) {
      const res = await resolve(ben, f);
      expect(res.statusCode, f.slice(0, 40)).toBe(422);
      expect(fieldsOf(res)).toEqual(['token']);
      expect(message(res)).toBe('This is not a valid badge of this app.');
    }
    for (const f of [42, null, { a: 1 }, ['x']]) expect((await resolve(ben, f)).statusCode).toBe(422);
    expect((await call('POST', `/networking/${hub}/badge/resolve`, ben, { token, extra: 1 })).statusCode).toBe(422);
    // A token signed with a key of our own making is no badge either.
    expect((await resolve(ben, signBadge(Buffer.from('not the key'), ids.app, ids.anna, 1))).statusCode).toBe(422);
    // Nothing recorded by any of it.
    expect((await scansBetween(ids.ben, ids.anna)).filter((s) => s.scannerId === ids.ben)).toHaveLength(0);
  });

  it('a badge of the other app is refused here, and the other app’s module is a 404', async () => {
    const dark = (await call('GET', `/networking/${darkHub}/badge`, darkAnna)).json() as { token: string };
    const res = await resolve(ben, dark.token);
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res)).toEqual(['token']);
    expect((await resolve(ben, dark.token, darkHub)).statusCode).toBe(404);
  });

  it('a renewed badge voids the old link with a clear message (in the member’s language); the new one works', async () => {
    const owner = await newMember('renew');
    const old = (await call('GET', `/networking/${hub}/badge`, owner.token)).json() as { token: string };
    const renewed = await call('POST', `/networking/${hub}/badge/renew`, owner.token);
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json() as { token: string };
    expect(fresh.token).not.toBe(old.token);
    const res = await resolve(ben, old.token);
    expect(res.statusCode).toBe(422);
    expect(fieldErrorsOf(res)).toEqual([{ field: 'token', message: 'This badge is not valid any more: its owner has made a new one.' }]);
    const german = await t.app.inject({
      method: 'POST',
      url: `/networking/${hub}/badge/resolve`,
      headers: { 'access-token': ben, cookie: 'locale=de_DE' },
      payload: { token: old.token },
    });
    expect(message(german)).toBe('Dieses Badge ist nicht mehr gültig: Sein Inhaber hat ein neues erstellt.');
    expect((await resolve(ben, fresh.token)).json()).toMatchObject({ own: false, person: { id: owner.id } });
    expect((await call('GET', `/networking/${hub}/badge`, owner.token)).json()).toMatchObject({ token: fresh.token });
  });

  it('the badge of a blocked or deleted member is refused, and they leave "People I met"', async () => {
    for (const how of ['blocked', 'deleted'] as const) {
      const owner = await newMember(how);
      const { token } = (await call('GET', `/networking/${hub}/badge`, owner.token)).json() as { token: string };
      expect((await resolve(ben, token)).statusCode).toBe(200);
      const met = async () =>
        ((await call('GET', `/networking/${hub}/badge/met`, ben)).json() as Array<{ person: { id: number } }>).map((m) => m.person.id);
      expect(await met()).toContain(owner.id);
      await t.app.ctx.db
        .update(users)
        .set(how === 'blocked' ? { blockedAt: new Date() } : { deletedAt: new Date() })
        .where(eq(users.id, owner.id));
      const res = await resolve(ben, token);
      expect(res.statusCode).toBe(422);
      expect(fieldErrorsOf(res)).toEqual([{ field: 'token', message: 'The owner of this badge is no longer a member of this app.' }]);
      expect(await met()).not.toContain(owner.id);
    }
  });

  it('resolving draws from the member’s write budget (a forger cannot try tokens by the thousand)', async () => {
    const small = await createTestApp({ rateLimit: { auth: 1000, uploads: 10, writes: 5, windowMs: 60_000 } });
    try {
      const token = await login(small.app, 'ben@demo.test');
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await small.app.inject({
          method: 'POST',
          url: `/networking/${hub}/badge/resolve`,
          headers: { 'access-token': token },
          payload: { token: `1-1-${'A'.repeat(21)}${i}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
      expect(codes.slice(5)).toEqual([429, 429, 429]);
    } finally {
      await small.close();
    }
  });
});
