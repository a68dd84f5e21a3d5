import type { AddressInfo } from 'node:net';
import { SOCKET_PATH } from '@app/contract/realtime';
import { appMenu } from '@app/contract/schemas/app';
import { count, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, migratedPglite, type TestApp } from '../../test/harness.ts';
import { sleep } from '../../test/helpers.ts';
import { activities } from '../modules/activity/activity.table.ts';
import { appModules } from '../modules/apps/apps.table.ts';
import { DEMO_MODERATOR } from '../modules/console/console.seed.ts';
import { MODULES } from '../modules/index.ts';
import { users } from '../modules/users/users.table.ts';
import { addBubbles, clearBubbles } from './bubbles.ts';
import { defineModule } from './module.ts';
import { demoSeeds } from './platform.table.ts';
import { requireModule } from './require-module.ts';
import { runSeeders } from './seed.ts';

let t: TestApp;
let base: string;
let anna: string;
let annaId: number;
let newsId: number;
const open: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { users: 3 });
  anna = await login(t.app, 'anna@demo.test');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const menu = appMenu.parse((await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': anna } })).json());
  annaId = menu.user_id;
  const news = menu.menu.find((m) => m.type === 'news');
  if (!news) throw new Error('no news module');
  newsId = news.app_module_id;
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await t.close();
});

async function socketOf(token: string) {
  const socket = connect(base, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], reconnection: false });
  open.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

async function menuBubble(moduleId: number) {
  const res = await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': anna } });
  return appMenu.parse(res.json()).menu.find((m) => m.app_module_id === moduleId)?.bubble;
}

describe('demo seeders', () => {
  it('seed each module once, and give an existing database the content of a module added later', async () => {
    const database = await migratedPglite(t.dataDir);
    try {
      const { db } = database;
      const firstTwo = MODULES.filter((m) => m.name === 'apps' || m.name === 'users');
      expect(await runSeeders(db, firstTwo, { storage: undefined, users: 2 })).toEqual(['apps', 'users']);
      const [before] = await db.select({ n: count() }).from(activities);
      expect(before?.n).toBe(0);

      // The next start knows the other modules: only their seeders run, and the users stay as they were.
      const [usersBefore] = await db.select({ n: count() }).from(users);
      expect(await runSeeders(db, MODULES, { storage: undefined, users: 2 })).toEqual(
        MODULES.filter((m) => m.seed && !firstTwo.includes(m)).map((m) => m.name),
      );
      const [after] = await db.select({ n: count() }).from(activities);
      expect(after?.n).toBeGreaterThan(0);
      // The console's seeder adds its demo moderator; no one else is added or made twice.
      const [usersAfter] = await db.select({ n: count() }).from(users);
      const moderators = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MODERATOR.email));
      expect(moderators).toHaveLength(1);
      expect(usersAfter?.n).toBe((usersBefore?.n ?? 0) + moderators.length);

      // And the one after that seeds nothing.
      expect(await runSeeders(db, MODULES, { storage: undefined, users: 2 })).toEqual([]);
      const [again] = await db.select({ n: count() }).from(activities);
      expect(again?.n).toBe(after?.n);
    } finally {
      await database.close();
    }
  });

  it('leave nothing half-written when a seeder fails, and try it again at the next start', async () => {
    const database = await migratedPglite(t.dataDir);
    try {
      const { db } = database;
      const failing = defineModule({
        name: 'failing',
        seed: {
          async run(ctx) {
            await ctx.db.insert(demoSeeds).values({ name: 'written-before-the-failure' });
            throw new Error('seed broke');
          },
        },
      });
      await expect(runSeeders(db, [failing], { storage: undefined, users: 0 })).rejects.toThrow('seed broke');
      expect(await db.select().from(demoSeeds)).toEqual([]);
      const fixed = defineModule({ name: 'failing', seed: { run: async () => {} } });
      expect(await runSeeders(db, [fixed], { storage: undefined, users: 0 })).toEqual(['failing']);
    } finally {
      await database.close();
    }
  });
});

describe('requireModule', () => {
  it('finds a module of the caller app, 406 for a removed one, 404 for a wrong type or another app', async () => {
    const tenant = await t.app.ctx.apps.get(await menuOwner());
    if (!tenant) throw new Error('no app');
    const scope = { tenant };
    expect((await requireModule(t.app.ctx, scope, 'news', newsId)).id).toBe(newsId);
    await expect(requireModule(t.app.ctx, scope, 'blogs', newsId)).rejects.toMatchObject({ statusCode: 404 });
    const darkToken = await login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark');
    const darkMenu = appMenu.parse((await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': darkToken } })).json());
    const darkNews = darkMenu.menu.find((m) => m.type === 'news');
    await expect(requireModule(t.app.ctx, scope, 'news', darkNews?.app_module_id ?? 0)).rejects.toMatchObject({ statusCode: 404 });
    await t.app.ctx.db.update(appModules).set({ isActive: false }).where(eq(appModules.id, newsId));
    t.app.ctx.apps.invalidate();
    try {
      await expect(requireModule(t.app.ctx, scope, 'news', newsId)).rejects.toMatchObject({ statusCode: 406 });
    } finally {
      await t.app.ctx.db.update(appModules).set({ isActive: true }).where(eq(appModules.id, newsId));
      t.app.ctx.apps.invalidate();
    }
  });
});

describe('bubbles service', () => {
  it('writes a bubble, sends it to the user live and shows it in the menu; clearing does the reverse', async () => {
    const socket = await socketOf(anna);
    const seen: Array<{ module: { app_module_id: number }; items: number[] }> = [];
    socket.on('showBubble', (p) => {
      if (p.module.app_module_id === newsId) seen.push(p);
    });
    expect(await menuBubble(newsId)).toEqual([]);

    await addBubbles(t.app.ctx, await menuOwner(), newsId, 41, [annaId]);
    await until(() => seen.some((p) => p.items.includes(41)));
    expect(await menuBubble(newsId)).toEqual([41]);

    await clearBubbles(t.app.ctx, await menuOwner(), newsId, annaId);
    await until(() => seen.at(-1)?.items.length === 0);
    expect(await menuBubble(newsId)).toEqual([]);
  });
});

describe('socket events', () => {
  it('drop an event whose payload does not match its schema, and answer one that does', async () => {
    const socket = await socketOf(anna);
    let bubbles = 0;
    socket.on('showBubble', () => {
      bubbles += 1;
    });
    // getBubbles takes no argument: this one is dropped before the handler.
    (socket as unknown as { emit: (e: string, p: unknown) => void }).emit('getBubbles', { flood: 'x'.repeat(100) });
    (socket as unknown as { emit: (e: string, p: unknown) => void }).emit('notAnEvent', 1);
    await sleep(300);
    expect(bubbles).toBe(0);
    socket.emit('getBubbles');
    await until(() => bubbles > 0);
  });
});

async function menuOwner(): Promise<number> {
  const [row] = await t.app.ctx.db.select({ appId: users.appId }).from(users).where(eq(users.id, annaId));
  if (!row) throw new Error('no anna');
  return row.appId;
}

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(10);
  }
}
