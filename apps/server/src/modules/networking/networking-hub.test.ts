import { NETWORKING_POINTS } from '@app/contract/schemas/networking-hub';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { fieldsOf, sleep, userByEmail } from '../../../test/helpers.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { directoryChanged } from '../users/profiles.caches.ts';
import { users } from '../users/users.table.ts';
import { networkingContacts, networkingMembers, networkingPoints } from './networking.hub.table.ts';

let t: TestApp;
let anna: string;
let ben: string;
let darkAnna: string;
let ids: { anna: number; ben: number; darkBen: number; others: number[] };
let hub: number;
let chats: number;

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Json) =>
  t.app.inject({ method, url, headers: { 'access-token': token }, ...(payload ? { payload } : {}) });

async function menuModule(token: string, type: string) {
  const menu = (await call('GET', '/user/app-menu', token)).json() as { menu: Array<{ type: string; app_module_id: number }> };
  const m = menu.menu.find((x) => x.type === type);
  if (!m) throw new Error(`no ${type} module`);
  return m.app_module_id;
}

const pointsOf = async (userId: number) =>
  (await t.app.ctx.db.select({ p: networkingMembers.points }).from(networkingMembers).where(eq(networkingMembers.userId, userId)))[0]?.p ??
  0;
const ledgerOf = async (userId: number, action: string) =>
  t.app.ctx.db
    .select()
    .from(networkingPoints)
    .where(and(eq(networkingPoints.userId, userId), eq(networkingPoints.action, action)));

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 10, writes: 2400, windowMs: 60_000 } });
  [anna, ben, darkAnna] = await Promise.all([
    login(t.app, 'anna@demo.test'),
    login(t.app, 'ben@demo.test'),
    login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark'),
  ]);
  const annaRow = await userByEmail(t, 'demo', 'anna@demo.test');
  const benRow = await userByEmail(t, 'demo', 'ben@demo.test');
  const darkBen = await userByEmail(t, 'demo-dark', 'ben@demo.test');
  // 210 more members of the demo app (the test seed has a few dozen), the last one able to sign in.
  const hash = await hashPassword('demo1234!');
  const others = await t.app.ctx.db
    .insert(users)
    .values(
      Array.from({ length: 210 }, (_, i) => ({
        appId: annaRow.appId,
        email: `hub-${i}@demo.test`,
        firstName: 'Hub',
        lastName: `Member ${i}`,
        emailConfirmedAt: new Date(),
        passwordHash: i === 209 ? hash : null,
      })),
    )
    .returning({ id: users.id });
  ids = {
    anna: annaRow.id,
    ben: benRow.id,
    darkBen: darkBen.id,
    others: others.map((o) => o.id),
  };
  hub = await menuModule(anna, 'networking');
  chats = await menuModule(anna, 'chats');
});
afterAll(async () => {
  await t.close();
});

describe('networker card and marks', () => {
  it('answers a card, 404 for another app’s member, 422 for oneself, 401 signed out', async () => {
    const card = await call('GET', `/networking/${hub}/networkers/${ids.ben}`, anna);
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toMatchObject({ id: ids.ben, level: expect.any(Number), badges: expect.any(Array) });
    expect((await call('GET', `/networking/${hub}/networkers/${ids.darkBen}`, anna)).statusCode).toBe(404);
    expect((await call('POST', `/networking/${hub}/networkers/${ids.darkBen}/like`, anna)).statusCode).toBe(404);
    const self = await call('POST', `/networking/${hub}/networkers/${ids.anna}/like`, anna);
    expect(self.statusCode).toBe(422);
    expect(fieldsOf(self)).toEqual(['id']);
    expect((await t.app.inject({ method: 'POST', url: `/networking/${hub}/networkers/${ids.ben}/like` })).statusCode).toBe(401);
    // The other demo app's token cannot reach this app's module.
    expect((await call('POST', `/networking/${hub}/networkers/${ids.ben}/like`, darkAnna)).statusCode).toBe(404);
  });

  it('shortlist replaces skip and back; points once per member and mark, however often toggled', async () => {
    const target = ids.others[0] as number;
    const before = await pointsOf(ids.anna);
    for (let i = 0; i < 3; i++) {
      const liked = await call('POST', `/networking/${hub}/networkers/${target}/like`, anna);
      expect(liked.json()).toMatchObject({ mark: 'liked' });
      const skipped = await call('POST', `/networking/${hub}/networkers/${target}/skip`, anna);
      expect(skipped.json()).toMatchObject({ mark: 'skipped' });
    }
    const undone = await call('DELETE', `/networking/${hub}/networkers/${target}/skip`, anna);
    expect(undone.json()).toMatchObject({ mark: null });
    expect(await pointsOf(ids.anna)).toBe(before + NETWORKING_POINTS.userLike + NETWORKING_POINTS.userSkip);
  });

  it('200 concurrent shortlists and skips by one member: the points are exactly right', async () => {
    const targets = ids.others.slice(1, 201);
    expect(targets.length).toBe(200);
    const before = await pointsOf(ids.ben);
    const answers = await Promise.all(
      targets.map((id, i) => call('POST', `/networking/${hub}/networkers/${id}/${i % 2 ? 'skip' : 'like'}`, ben)),
    );
    // And the same requests again (a retry of each): nothing more.
    await Promise.all(targets.map((id, i) => call('POST', `/networking/${hub}/networkers/${id}/${i % 2 ? 'skip' : 'like'}`, ben)));
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
    const expected = 100 * NETWORKING_POINTS.userLike + 100 * NETWORKING_POINTS.userSkip;
    expect(await pointsOf(ids.ben)).toBe(before + expected);
    expect((await ledgerOf(ids.ben, 'userLike')).length + (await ledgerOf(ids.ben, 'userSkip')).length).toBeGreaterThanOrEqual(200);
  });
});

describe('contacted and connected follow real chat messages', () => {
  it('a first message makes them contacted, the answer connected; points to both once', async () => {
    const [a, b] = [ids.anna, ids.others[209] as number];
    const bToken = await login(t.app, 'hub-209@demo.test');
    const chat = await call('POST', `/chats/${chats}/chats`, anna, { chat_type: 'chat', user_ids: [b] });
    expect(chat.statusCode, chat.body).toBe(200);
    const chatId = (chat.json() as { id: number }).id;
    const send = (token: string, text: string) =>
      call('POST', `/chats/${chats}/chats/${chatId}/messages`, token, { client_id: `c-${text}-${Math.random()}`, text });
    const pair = async () =>
      (
        await t.app.ctx.db
          .select()
          .from(networkingContacts)
          .where(and(eq(networkingContacts.lowId, Math.min(a, b)), eq(networkingContacts.highId, Math.max(a, b))))
      )[0];
    const waitFor = async (ok: () => Promise<boolean>) => {
      for (let i = 0; i < 50 && !(await ok()); i++) await sleep(50);
    };
    expect((await send(anna, 'hello')).statusCode).toBe(200);
    await waitFor(async () => (await pair()) !== undefined);
    const contacted = await call('GET', `/networking/${hub}/networkers/${b}`, anna);
    expect(contacted.json()).toMatchObject({ contact: 'contacted' });
    expect((await send(anna, 'again')).statusCode).toBe(200);
    expect((await send(bToken, 'hi back')).statusCode).toBe(200);
    await waitFor(async () => Boolean((await pair())?.connectedAt));
    expect((await call('GET', `/networking/${hub}/networkers/${b}`, anna)).json()).toMatchObject({ contact: 'connected' });
    expect((await call('GET', `/networking/${hub}/networkers/${a}`, bToken)).json()).toMatchObject({ contact: 'connected' });
    expect((await send(bToken, 'more')).statusCode).toBe(200);
    await sleep(200);
    expect((await ledgerOf(a, 'chatStart')).filter((r) => r.ref === String(b))).toHaveLength(1);
    expect((await ledgerOf(a, 'chatResponse')).filter((r) => r.ref === String(b))).toHaveLength(1);
    expect((await ledgerOf(b, 'chatRespond')).filter((r) => r.ref === String(a))).toHaveLength(1);
    expect(await ledgerOf(b, 'chatStart')).toHaveLength(0);
  });
});

describe('no farming points by undoing', () => {
  it('a deleted topic takes back the points it gave; 1:1 requests count once per pair', async () => {
    const before = await pointsOf(ids.anna);
    const topics = `/networking/${hub}/topics`;
    for (let i = 0; i < 3; i++) {
      const made = await call('POST', topics, anna, { title: `Farm ${i}` });
      expect(made.statusCode, made.body).toBe(200);
      expect(await pointsOf(ids.anna)).toBe(before + NETWORKING_POINTS.topicCreate);
      const id = (made.json() as { id: number }).id;
      expect((await call('DELETE', `${topics}/${id}`, anna)).statusCode).toBe(200);
      expect(await pointsOf(ids.anna)).toBe(before);
    }
    // Ask, withdraw, ask again: the request's points once.
    const slot = Math.floor(Date.now() / 1000) + 40 * 86_400;
    const target = ids.others[205] as number;
    for (let i = 0; i < 2; i++) {
      const asked = await call('POST', '/meet', anna, { user_id: target, duration: 15, time_start: slot + i * 3600, timezone_name: 'UTC' });
      expect(asked.statusCode, asked.body).toBe(200);
      expect((await call('POST', `/meet/${(asked.json() as { id: number }).id}/cancel`, anna)).statusCode).toBe(200);
    }
    expect(await pointsOf(ids.anna)).toBe(before + NETWORKING_POINTS.meetRequest);
  });
});

describe('blocked accounts', () => {
  it('are in no list of people: the directory leaves them out once blocked, and the card is 404', async () => {
    const appusers = await menuModule(anna, 'appusers');
    const target = ids.others[206] as number;
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, target));
    const search = encodeURIComponent(row?.lastName ?? '');
    const found = async () =>
      ((await call('GET', `/appusers/${appusers}/users?search=${search}`, anna)).json() as Array<{ id: number }>).map((u) => u.id);
    expect(await found()).toContain(target);
    await t.app.ctx.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, target));
    directoryChanged(t.app.ctx, row?.appId ?? 0);
    expect(await found()).not.toContain(target);
    expect((await call('GET', `/networking/${hub}/networkers/${target}`, anna)).statusCode).toBe(404);
  });
});
