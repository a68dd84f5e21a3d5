import type { AddressInfo } from 'node:net';
import type { ServerToClientEvents } from '@app/contract/realtime';
import { SOCKET_PATH } from '@app/contract/realtime';
import { type ActivityItem, activityItem, activityList } from '@app/contract/schemas/activity';
import { type AppMenu, appMenu } from '@app/contract/schemas/app';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { appByKey, fieldErrorsOf, pageHeaders, sleep, userByEmail } from '../../../test/helpers.ts';
import { recordActivity } from './activity.service.ts';

let t: TestApp;
let anna: string;
let annaDark: string;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  [anna, annaDark] = await Promise.all([login(t.app, 'anna@demo.test'), login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark')]);
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
  it('pages the 80 seeded items with the x-pagination headers', async () => {
    const res = await list(anna);
    expect(res.statusCode).toBe(200);
    expect(activityList.parse(res.json())).toHaveLength(20);
    expect(pageHeaders(res)).toEqual({ pageCount: 4, totalCount: 80, currentPage: 1, perPage: 20 });

    const seven = await list(anna, '?page=12&per-page=7');
    expect(pageHeaders(seven)).toEqual({ pageCount: 12, totalCount: 80, currentPage: 12, perPage: 7 });
    expect(activityList.parse(seven.json())).toHaveLength(3);

    const max = await list(anna, '?per-page=100');
    expect(activityList.parse(max.json())).toHaveLength(80);
    expect(pageHeaders(max)).toEqual({ pageCount: 1, totalCount: 80, currentPage: 1, perPage: 100 });
  });

  it('lists newest first across pages without gaps or repeats', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((p) => items(anna, `?page=${p}`)));
    const all = pages.flat();
    expect(all).toHaveLength(80);
    expect(new Set(all.map((a) => a.id)).size).toBe(80);
    for (let i = 1; i < all.length; i++) {
      const [prev, cur] = [all[i - 1], all[i]];
      if (!prev || !cur) throw new Error('missing item');
      expect(prev.timestamp).toBeGreaterThanOrEqual(cur.timestamp);
    }
    // The seed spreads the items over hours: the first is clearly newer than the last.
    expect((all[0]?.timestamp ?? 0) - (all[79]?.timestamp ?? 0)).toBeGreaterThan(3600);
    const first = all[0];
    expect(first?.action).not.toMatch(/^activity\./);
    expect(first?.user.profile.map((f) => f.name)).toEqual(['avatar', 'job_title']);
  });

  it('answers an empty page with correct headers beyond the end', async () => {
    const res = await list(anna, '?page=5');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(pageHeaders(res)).toEqual({ pageCount: 4, totalCount: 80, currentPage: 5, perPage: 20 });
    const far = await list(anna, '?page=100000&per-page=100');
    expect(far.json()).toEqual([]);
    expect(pageHeaders(far)).toEqual({ pageCount: 1, totalCount: 80, currentPage: 100000, perPage: 100 });
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
    expect(dark).toHaveLength(80);
    const demoIds = new Set(demo);
    expect(dark.some((a) => demoIds.has(a.id))).toBe(false);

    const darkModules = new Set((await menuOf(annaDark)).menu.map((m) => m.app_module_id));
    for (const a of dark) {
      if (a.module) expect(darkModules.has(a.module.app_module_id)).toBe(true);
    }
    const darkApp = await appByKey(t, 'demo-dark');
    const annaDarkRow = await userByEmail(t, 'demo-dark', 'anna@demo.test');
    expect(annaDarkRow.appId).toBe(darkApp.id);
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
    const c = client(anna);
    await connected(c.socket);
    const modules = (await menuOf(anna)).menu;
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
