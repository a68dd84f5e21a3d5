import type { Networker } from '@app/contract/schemas/networking-hub';
import type { NetworkerFilters, NetworkerPage } from '@app/contract/schemas/networking-lists';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../../test/harness.ts';
import { fieldsOf, sleep, userByEmail } from '../../../../test/helpers.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { userProfiles } from '../../users/profiles.table.ts';
import { users } from '../../users/users.table.ts';
import { networkingContacts, networkingMembers } from '../networking.hub.table.ts';

let t: TestApp;
let anna: string;
let darkAnna: string;
let annaId: number;
let hub: number;
let darkHub: number;
let chats: number;
/** m[i]: the test members, all of company "Listco" (the lists are filtered by it to leave the demo members out). */
let m: number[];
const N = 31;
const OPTED_OUT = 3;
const DELETED = 4;
const BLOCKED = 5;
const UNCONFIRMED = 6;
const PARTNER = 30;

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Json) =>
  t.app.inject({ method, url, headers: { 'access-token': token }, ...(payload ? { payload } : {}) });

async function menuModule(token: string, type: string) {
  const menu = (await call('GET', '/user/app-menu', token)).json() as { menu: Array<{ type: string; app_module_id: number }> };
  const found = menu.menu.find((x) => x.type === type);
  if (!found) throw new Error(`no ${type} module`);
  return found.app_module_id;
}

async function page(token: string, list: string, query = '', module = hub): Promise<NetworkerPage> {
  const res = await call('GET', `/networking/${module}/lists/${list}?company=listco${query ? `&${query}` : ''}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NetworkerPage;
}
const ids = (p: NetworkerPage) => p.items.map((i) => i.id);
/** Every page of a list, following the cursor. */
async function walk(token: string, list: string, query = 'per-page=4') {
  const out: Networker[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const p: NetworkerPage = await page(token, list, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
    out.push(...p.items);
    cursor = p.next;
    if (!cursor) break;
  }
  return out;
}
const fresh = () => t.app.ctx.caches.clearAll();

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 10, writes: 2400, windowMs: 60_000 } });
  [anna, darkAnna] = await Promise.all([login(t.app, 'anna@demo.test'), login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark')]);
  const annaRow = await userByEmail(t, 'demo', 'anna@demo.test');
  annaId = annaRow.id;
  const hash = await hashPassword('demo1234!');
  const rows = await t.app.ctx.db
    .insert(users)
    .values(
      Array.from({ length: N }, (_, i) => ({
        appId: annaRow.appId,
        email: `lists-${i}@demo.test`,
        firstName: 'Lena',
        lastName: `Listmember ${i}`,
        company: 'Listco',
        jobTitle: 'Tester',
        emailConfirmedAt: i === UNCONFIRMED ? null : new Date(),
        deletedAt: i === DELETED ? new Date() : null,
        blockedAt: i === BLOCKED ? new Date() : null,
        passwordHash: i === PARTNER ? hash : null,
      })),
    )
    .returning({ id: users.id });
  m = rows.map((r) => r.id);
  const profile = (userId: number, p: Partial<typeof userProfiles.$inferInsert>) =>
    t.app.ctx.db
      .insert(userProfiles)
      .values({ userId, appId: annaRow.appId, ...p })
      .onConflictDoUpdate({ target: userProfiles.userId, set: p });
  await profile(annaId, { interestedIn: ['Knitting '], expertIn: [], lookingFor: ['Quantum Widgets'], topics: [] });
  await profile(m[0] as number, { expertIn: ['quantum widgets'] });
  await profile(m[1] as number, { interestedIn: ['knitting'] });
  // The members who must never be listed match Anna best.
  for (const i of [OPTED_OUT, DELETED, BLOCKED, UNCONFIRMED])
    await profile(m[i] as number, { expertIn: ['Quantum widgets'], interestedIn: ['Knitting'], listedInDirectory: i !== OPTED_OUT });
  hub = await menuModule(anna, 'networking');
  darkHub = await menuModule(darkAnna, 'networking');
  chats = await menuModule(anna, 'chats');
  fresh();
});
afterAll(async () => {
  await t.close();
});

const listed = () => m.filter((_, i) => ![OPTED_OUT, DELETED, BLOCKED, UNCONFIRMED].includes(i));

describe('the six lists', () => {
  it('New: ranked by match with the reason; no match after, newest first; never the unlisted', async () => {
    const p = await page(anna, 'new', 'per-page=100');
    expect(ids(p)).toEqual([m[0], m[1], ...listed().slice(2).reverse()]);
    expect(p.items[0]?.reason).toEqual({ kind: 'youLookForThem', tag: 'quantum widgets' });
    expect(p.items[1]?.reason).toEqual({ kind: 'bothInterested', tag: 'knitting' });
    expect(p.items[2]?.reason).toBeNull();
    expect(p.total).toBe(listed().length);
    expect(p.next).toBeNull();
  });

  it('All: every listed member but me, by name; privacy: opted out, deleted, blocked, unconfirmed never listed', async () => {
    const all = await walk(anna, 'all');
    expect(new Set(all.map((a) => a.id))).toEqual(new Set(listed()));
    expect(all.length).toBe(listed().length);
    expect(all.every((a) => a.reason === null)).toBe(true);
    const names = all.map((a) => a.fullname);
    // "Listmember 10" after "Listmember 9": numbers compare as numbers.
    expect(names.indexOf('Lena Listmember 9')).toBeLessThan(names.indexOf('Lena Listmember 10'));
    // Not even without the company filter.
    const res = await call('GET', `/networking/${hub}/lists/all?per-page=100&q=listmember`, anna);
    const found = (res.json() as NetworkerPage).items.map((i) => i.id);
    for (const i of [OPTED_OUT, DELETED, BLOCKED, UNCONFIRMED]) expect(found).not.toContain(m[i]);
    const me = await call('GET', `/networking/${hub}/lists/all?per-page=100&q=anna`, anna);
    expect((me.json() as NetworkerPage).items.map((i) => i.id)).not.toContain(annaId);
  });

  it('search, interest, company and level filters; the filters call', async () => {
    expect(ids(await page(anna, 'all', 'q=listmember%2012'))).toEqual([m[12]]);
    expect(ids(await page(anna, 'all', 'q=LISTMEMB%2012'))).toEqual([m[12]]);
    expect(ids(await page(anna, 'all', 'interest=Knitting'))).toEqual([m[1]]);
    expect(ids(await page(anna, 'new', 'interest=quantum%20widgets'))).toEqual([m[0]]);
    await t.app.ctx.db
      .insert(networkingMembers)
      .values({ userId: m[12] as number, appId: (await userByEmail(t, 'demo', 'anna@demo.test')).appId, level: 3 });
    fresh();
    expect(ids(await page(anna, 'all', 'level=3'))).toEqual([m[12]]);
    expect((await call('GET', `/networking/${hub}/lists/all?level=9`, anna)).statusCode).toBe(422);
    const filters = (await call('GET', `/networking/${hub}/lists/filters`, anna)).json() as NetworkerFilters;
    expect(filters.companies.find((c) => c.id === 'listco')).toEqual({ id: 'listco', name: 'Listco', count: listed().length });
    // Anna and m0: the members who may not be listed are not counted.
    expect(filters.interests.find((c) => c.id === 'quantum widgets')?.count).toBe(2);
    expect(filters.levels.map((l) => l.id)).toEqual([1, 2, 3, 4, 5]);
    const counts = filters.interests.map((c) => c.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('another app’s module is a 404, an unknown list or a forged cursor is refused, signed out 401', async () => {
    expect((await call('GET', `/networking/${hub}/lists/new`, darkAnna)).statusCode).toBe(404);
    expect((await call('GET', `/networking/${darkHub}/lists/all`, anna)).statusCode).toBe(404);
    expect((await call('GET', `/networking/${hub}/lists/filters`, darkAnna)).statusCode).toBe(404);
    expect((await call('GET', `/networking/${chats}/lists/all`, anna)).statusCode).toBe(404);
    expect((await call('GET', `/networking/${hub}/lists/friends`, anna)).statusCode).toBeGreaterThanOrEqual(400);
    const forged = await call('GET', `/networking/${hub}/lists/all?cursor=not-a-cursor`, anna);
    expect(forged.statusCode).toBe(422);
    expect(fieldsOf(forged)).toEqual(['cursor']);
    expect((await t.app.inject({ method: 'GET', url: `/networking/${hub}/lists/all` })).statusCode).toBe(401);
  });

  it('paging is stable: a skip between two pages of New repeats and loses nobody', async () => {
    const whole = ids(await page(anna, 'new', 'per-page=100'));
    const first = await page(anna, 'new', 'per-page=5');
    expect(ids(first)).toEqual(whole.slice(0, 5));
    const skipped = first.items[2]?.id as number;
    expect((await call('POST', `/networking/${hub}/networkers/${skipped}/skip`, anna)).statusCode).toBe(200);
    const second = await page(anna, 'new', `per-page=5&cursor=${first.next}`);
    expect(ids(second)).toEqual(whole.slice(5, 10));
    expect((await call('DELETE', `/networking/${hub}/networkers/${skipped}/skip`, anna)).statusCode).toBe(200);
    expect(ids(await page(anna, 'new', 'per-page=100'))).toEqual(whole);
  });

  it('shortlist and skip move people out of New into Shortlisted / Skipped, newest first; a skip is for good', async () => {
    const [a, b, c] = [m[1], m[7], m[0]] as [number, number, number];
    for (const id of [a, b]) expect((await call('POST', `/networking/${hub}/networkers/${id}/like`, anna)).statusCode).toBe(200);
    expect((await call('POST', `/networking/${hub}/networkers/${c}/skip`, anna)).statusCode).toBe(200);
    const fresher = ids(await page(anna, 'new', 'per-page=100'));
    for (const id of [a, b, c]) expect(fresher).not.toContain(id);
    expect(ids(await page(anna, 'liked'))).toEqual([b, a]);
    expect(ids(await page(anna, 'skipped'))).toEqual([c]);
    expect((await page(anna, 'liked')).items.every((i) => i.mark === 'liked')).toBe(true);
    // Rebuilt from the database (another node, a restart): still out of New.
    fresh();
    expect(ids(await page(anna, 'new', 'per-page=100'))).not.toContain(c);
    // A blocked or opted-out member leaves the shortlist too.
    await t.app.ctx.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, b));
    fresh();
    expect(ids(await page(anna, 'liked'))).toEqual([a]);
    await t.app.ctx.db.update(users).set({ blockedAt: null }).where(eq(users.id, b));
    fresh();
  });

  it('real chat messages make people Contacted, then Connected, on both sides', async () => {
    const partner = m[PARTNER] as number;
    const token = await login(t.app, `lists-${PARTNER}@demo.test`);
    const chat = await call('POST', `/chats/${chats}/chats`, anna, { chat_type: 'chat', user_ids: [partner] });
    expect(chat.statusCode, chat.body).toBe(200);
    const chatId = (chat.json() as { id: number }).id;
    const send = (tok: string, text: string) =>
      call('POST', `/chats/${chats}/chats/${chatId}/messages`, tok, { client_id: `c-${text}-${Math.random()}`, text });
    const pair = async () =>
      (
        await t.app.ctx.db
          .select()
          .from(networkingContacts)
          .where(and(inArray(networkingContacts.lowId, [annaId, partner]), inArray(networkingContacts.highId, [annaId, partner])))
      )[0];
    const waitFor = async (ok: () => Promise<boolean>) => {
      for (let i = 0; i < 50 && !(await ok()); i++) await sleep(50);
    };
    expect(ids(await page(anna, 'new', 'per-page=100'))).toContain(partner);
    expect((await send(anna, 'hello')).statusCode).toBe(200);
    // The contact is noted after the message is delivered, and the lists are dropped after that.
    await waitFor(async () => (await pair()) !== undefined && ids(await page(anna, 'contacted')).length > 0);
    expect(ids(await page(anna, 'contacted'))).toEqual([partner]);
    expect(ids(await page(anna, 'new', 'per-page=100'))).not.toContain(partner);
    expect(ids(await page(anna, 'connected'))).toEqual([]);
    // Started either way: the partner sees Anna in Contacted too (she is no Listco member: no filter).
    const theirs = await call('GET', `/networking/${hub}/lists/contacted`, token);
    expect((theirs.json() as NetworkerPage).items.map((i) => i.id)).toEqual([annaId]);
    expect((await send(token, 'hi back')).statusCode).toBe(200);
    await waitFor(async () => Boolean((await pair())?.connectedAt) && ids(await page(anna, 'connected')).length > 0);
    expect(ids(await page(anna, 'contacted'))).toEqual([]);
    const connected = await page(anna, 'connected');
    expect(ids(connected)).toEqual([partner]);
    expect(connected.items[0]?.contact).toBe('connected');
    const back = await call('GET', `/networking/${hub}/lists/connected`, token);
    expect((back.json() as NetworkerPage).items.map((i) => i.id)).toEqual([annaId]);
  });
});
