import type { AddressInfo } from 'node:net';
import type { ServerToClientEvents } from '@app/contract/realtime';
import { SOCKET_PATH } from '@app/contract/realtime';
import { type ActivityItem, activityItem, activityList } from '@app/contract/schemas/activity';
import { type AppMenu, appMenu } from '@app/contract/schemas/app';
import { count, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveBubbles, makeTenant, makeUser, type Tenant } from '../../../test/factories.ts';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { appByKey, fieldErrorsOf, pageHeaders, sleep, userByEmail } from '../../../test/helpers.ts';
import { recordActivity } from './activity.service.ts';
import { activities } from './activity.table.ts';

let t: TestApp;
let anna: string;
let annaDark: string;
let base: string;
const sockets: Socket[] = [];
/** A tenant of its own with FEED items, newest first in `feedIds`, and a member's token. */
const FEED = 45;
let feed: Tenant;
let reader: string;
let feedIds: number[];

/** Adds `n` items to a tenant's feed, ten minutes apart (every fifth pair at the same time), and returns their ids newest first. */
async function addItems(tenant: Tenant, userId: number, n: number): Promise<number[]> {
  const now = Date.now();
  const rows = await t.app.ctx.db
    .insert(activities)
    .values(
      Array.from({ length: n }, (_, i) => ({
        appId: tenant.app.id,
        userId,
        appModuleId: tenant.modules[0]?.id ?? null,
        action: i % 2 ? 'activity.joinedCommunity' : `free text ${i}`,
        createdAt: new Date(now - Math.floor(i / 2) * 2 * 600_000 - (i % 5 === 0 ? 0 : (i % 2) * 600_000)),
      })),
    )
    .returning({ id: activities.id, createdAt: activities.createdAt });
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((r) => r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  [anna, annaDark] = await Promise.all([login(t.app, 'anna@demo.test'), login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark')]);
  feed = await makeTenant(t, { modules: ['activity'] });
  const member = await makeUser(t, feed, { jobTitle: 'Host', isVerified: true });
  reader = member.token;
  feedIds = await addItems(feed, member.user.id, FEED);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const list = (token: string, query = '') => t.app.inject({ url: `/user/activity${query}`, headers: { 'access-token': token } });

async function items(token: string, query = ''): Promise<ActivityItem[]> {
  const res = await list(token, query);
  expect(res.statusCode).toBe(200);
  return activityList.parse(res.json());
}

async function menuOf(token: string): Promise<AppMenu> {
  return appMenu.parse((await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': token } })).json());
}

describe('GET /user/activity', () => {
  it('pages the items of the app with the x-pagination headers', async () => {
    const res = await list(reader);
    expect(res.statusCode).toBe(200);
    expect(activityList.parse(res.json())).toHaveLength(20);
    expect(pageHeaders(res)).toEqual({ pageCount: 3, totalCount: FEED, currentPage: 1, perPage: 20 });

    const seven = await list(reader, '?page=7&per-page=7');
    expect(pageHeaders(seven)).toEqual({ pageCount: 7, totalCount: FEED, currentPage: 7, perPage: 7 });
    expect(activityList.parse(seven.json()).map((a) => a.id)).toEqual(feedIds.slice(42));

    const max = await list(reader, '?per-page=100');
    expect(activityList.parse(max.json())).toHaveLength(FEED);
    expect(pageHeaders(max)).toEqual({ pageCount: 1, totalCount: FEED, currentPage: 1, perPage: 100 });
  });

  it('lists newest first across pages without gaps or repeats', async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => items(reader, `?page=${p}`)));
    const all = pages.flat();
    expect(all.map((a) => a.id)).toEqual(feedIds);
    for (let i = 1; i < all.length; i++) {
      const [prev, cur] = [all[i - 1], all[i]];
      if (!prev || !cur) throw new Error('missing item');
      expect(prev.timestamp).toBeGreaterThanOrEqual(cur.timestamp);
    }
    // The items spread over hours: the first is clearly newer than the last.
    expect((all[0]?.timestamp ?? 0) - (all[FEED - 1]?.timestamp ?? 0)).toBeGreaterThan(3600);
    // Stored i18n keys are answered translated, free text as it is.
    const joined = all.filter((a) => !a.action.startsWith('free text '));
    expect(joined.length).toBeGreaterThan(0);
    for (const a of joined) expect(a.action).not.toMatch(/^activity\./);
    expect(all[0]?.user.profile).toEqual([
      { name: 'avatar', value: null },
      { name: 'job_title', value: 'Host' },
    ]);

    // The demo feed is ordered the same way.
    const demo = await items(anna, '?per-page=100');
    expect(demo.length).toBeGreaterThan(1);
    for (let i = 1; i < demo.length; i++) expect(demo[i - 1]?.timestamp).toBeGreaterThanOrEqual(demo[i]?.timestamp ?? 0);
  });

  it('answers an empty page with correct headers beyond the end', async () => {
    const res = await list(reader, '?page=4');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(pageHeaders(res)).toEqual({ pageCount: 3, totalCount: FEED, currentPage: 4, perPage: 20 });
    const far = await list(reader, '?page=100000&per-page=100');
    expect(far.json()).toEqual([]);
    expect(pageHeaders(far)).toEqual({ pageCount: 1, totalCount: FEED, currentPage: 100000, perPage: 100 });
  });

  it('refuses out-of-bounds paging with field names', async () => {
    const cases: Array<[string, string[]]> = [
      ['?page=0', ['page']],
      ['?page=-1', ['page']],
      ['?page=abc', ['page']],
      ['?page=1.5', ['page']],
      ['?page=100001', ['page']],
      ['?per-page=1000', ['per-page']],
      ['?per-page=0', ['per-page']],
      ['?page=0&per-page=-3', ['page', 'per-page']],
      ['?pagee=2', ['pagee']],
    ];
    for (const [query, fields] of cases) {
      const errors = fieldErrorsOf(await list(anna, query));
      expect([...new Set(errors.map((e) => e.field))].sort(), query).toEqual(fields);
      for (const e of errors) expect(e.message.length).toBeGreaterThan(3);
    }
  });

  it('never shows another app its items (tenant isolation)', async () => {
    const demo = (await items(anna, '?per-page=100')).map((a) => a.id);
    const dark = await items(annaDark, '?per-page=100');
    const darkApp = await appByKey(t, 'demo-dark');
    const [stored] = await t.app.ctx.db.select({ n: count() }).from(activities).where(eq(activities.appId, darkApp.id));
    expect(dark.length).toBe(Math.min(stored?.n ?? 0, 100));
    expect(dark.length).toBeGreaterThan(0);
    const demoIds = new Set(demo);
    expect(dark.some((a) => demoIds.has(a.id))).toBe(false);

    const darkModules = new Set((await menuOf(annaDark)).menu.map((m) => m.app_module_id));
    for (const a of dark) {
      if (a.module) expect(darkModules.has(a.module.app_module_id)).toBe(true);
    }
    const annaDarkRow = await userByEmail(t, 'demo-dark', 'anna@demo.test');
    expect(annaDarkRow.appId).toBe(darkApp.id);

    // A tenant of its own sees exactly its items, and nobody else sees them.
    const other = await makeTenant(t, { modules: ['activity'] });
    const member = await makeUser(t, other);
    const otherIds = await addItems(other, member.user.id, 3);
    expect((await items(member.token)).map((a) => a.id)).toEqual(otherIds);
    expect((await items(reader, '?per-page=100')).map((a) => a.id)).toEqual(feedIds);
    expect((await items(anna, '?per-page=100')).some((a) => otherIds.includes(a.id))).toBe(false);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/user/activity', headers: { 'app-key': 'demo' } })).statusCode).toBe(401);
  });
});

/** A socket.io client of the test server; collects every event it receives. */
function client(token: string, locale = 'en_US') {
  const received: Array<{ event: keyof ServerToClientEvents; payload: unknown }> = [];
  const socket = connect(base, {
    path: SOCKET_PATH,
    auth: { token, locale },
    transports: ['websocket'],
    autoConnect: false,
    reconnection: false,
  });
  socket.onAny((event: keyof ServerToClientEvents, payload: unknown) => {
    received.push({ event, payload });
  });
  sockets.push(socket);
  return { socket, received, of: (event: keyof ServerToClientEvents) => received.filter((r) => r.event === event).map((r) => r.payload) };
}

async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(10);
  }
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
    socket.connect();
  });
}

describe('Socket.IO', () => {
  it('answers getBubbles with one showBubble per module, each time it is asked', async () => {
    const tenant = await makeTenant(t, { modules: ['news', 'chats', 'networking', 'activity'] });
    const member = await makeUser(t, tenant);
    await giveBubbles(t, tenant, member.user.id, { chats: 3, networking: 2, activity: 1 });
    const c = client(member.token);
    await connected(c.socket);
    const modules = (await menuOf(member.token)).menu;
    expect(modules).toHaveLength(4);
    await sleep(100);
    expect(c.of('showBubble')).toEqual([]);
    c.socket.emit('getBubbles');
    await until(() => c.of('showBubble').length === modules.length);
    const bubbles = c.of('showBubble') as Array<{ module: { type: string; app_module_id: number }; items: number[] }>;
    const byType = new Map(bubbles.map((b) => [b.module.type, b]));
    expect(byType.get('chats')?.items.slice().sort()).toEqual([1, 2, 3]);
    expect(byType.get('networking')?.items.slice().sort()).toEqual([1, 2]);
    expect(byType.get('activity')?.items).toEqual([1]);
    expect(byType.get('news')?.items).toEqual([]);
    expect(new Set(bubbles.map((b) => b.module.app_module_id))).toEqual(new Set(modules.map((m) => m.app_module_id)));

    c.socket.emit('getBubbles');
    await until(() => c.of('showBubble').length === modules.length * 2);
    await sleep(100);
    expect(c.of('showBubble')).toHaveLength(modules.length * 2);
    c.socket.disconnect();
  });

  it('pushes refreshActivity to the clients of the same app only', async () => {
    const demo = client(anna);
    const german = client(anna, 'de_DE');
    const dark = client(annaDark);
    await Promise.all([connected(demo.socket), connected(german.socket), connected(dark.socket)]);
    const app = await appByKey(t, 'demo');
    const user = await userByEmail(t, 'demo', 'anna@demo.test');
    const forums = (await menuOf(anna)).menu.find((m) => m.type === 'forums');
    if (!forums) throw new Error('no forums module');

    const id = await recordActivity(t.app.ctx, {
      appId: app.id,
      userId: user.id,
      appModuleId: forums.app_module_id,
      action: 'activity.posted',
      entityId: 42,
      forumId: 7,
      forumTitle: 'Hallway',
      isReply: true,
      clickUrl: `/forums/${forums.app_module_id}`,
    });
    await until(() => demo.of('refreshActivity').length === 1);
    const payload = demo.of('refreshActivity')[0] as { activity: unknown };
    const activity = activityItem.parse(payload.activity);
    expect(activity).toMatchObject({
      id,
      user: { id: user.id, fullname: 'Anna Novak', is_verified: true },
      module: { type: 'forums', name: 'Forums', app_module_id: forums.app_module_id, forums: { id: 7, title: 'Hallway' } },
      entity_id: 42,
      is_reply: true,
      is_comment: false,
      is_like: false,
      click_url: `/forums/${forums.app_module_id}`,
    });
    expect(activity.action).toBe('published a new post in Forums');
    // Each reader gets the item in their own language.
    await until(() => german.of('refreshActivity').length === 1);
    const inGerman = activityItem.parse((german.of('refreshActivity')[0] as { activity: unknown }).activity);
    expect(inGerman.action).toBe('hat einen neuen Beitrag in Forums veröffentlicht');
    expect(inGerman.id).toBe(id);
    expect(Math.abs(activity.timestamp - Date.now() / 1000)).toBeLessThan(60);

    await sleep(300);
    expect(dark.of('refreshActivity')).toEqual([]);
    expect(demo.of('refreshActivity')).toHaveLength(1);

    // The new item leads the feed of its app only.
    expect((await items(anna))[0]?.id).toBe(id);
    expect((await items(annaDark)).some((a) => a.id === id)).toBe(false);
    demo.socket.disconnect();
    dark.socket.disconnect();
  });

  it('refuses a bad token at the handshake', async () => {
    for (const token of ['not-a-token', '', 'x'.repeat(300)]) {
      const c = client(token);
      await expect(connected(c.socket)).rejects.toThrow('unauthorized');
      expect(c.socket.connected).toBe(false);
      expect(c.received).toEqual([]);
    }
  });

  it('refuses a revoked token at the handshake', async () => {
    const token = await login(t.app, 'ben@demo.test');
    const ok = client(token);
    await connected(ok.socket);
    ok.socket.disconnect();
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { 'access-token': token } });
    await expect(connected(client(token).socket)).rejects.toThrow('unauthorized');
  });
});
