import type { AddressInfo } from 'node:net';
import { SOCKET_PATH } from '@app/contract/realtime';
import { appMenu } from '@app/contract/schemas/app';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test/harness.ts';
import { sleep, updateApp } from '../../test/helpers.ts';
import { apps } from '../modules/apps/apps.table.ts';

let t: TestApp;
let base: string;
let anna: string;
let annaDark: string;
let modules: number;
const open: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  [anna, annaDark] = await Promise.all([login(t.app, 'anna@demo.test'), login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark')]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const menu = await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': anna } });
  modules = appMenu.parse(menu.json()).menu.length;
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(() => t.close());

function client(token: string) {
  const socket = connect(base, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], autoConnect: false, reconnection: false });
  open.push(socket);
  let bubbles = 0;
  socket.on('showBubble', () => {
    bubbles += 1;
  });
  return { socket, bubbles: () => bubbles };
}

/** Resolves on connect, rejects with the server's refusal. */
function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
    socket.connect();
  });
}

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(10);
  }
}

describe('socket limits', () => {
  it('drops a flood of getBubbles, answers it with a bounded number of events and closes the connection', async () => {
    const flooder = client(anna);
    await connected(flooder.socket);
    let closed = '';
    flooder.socket.on('disconnect', (reason) => {
      closed = reason;
    });
    for (let i = 0; i < 2000; i++) flooder.socket.emit('getBubbles');
    await until(() => closed !== '');
    expect(closed).toBe('io server disconnect');
    await sleep(200);
    // 2,000 asks without limits are 2,000 × modules events; asks during a run fold into one rerun.
    expect(flooder.bubbles()).toBeLessThanOrEqual(modules * 3);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);

    // Another connection of the same user is not affected.
    const other = client(anna);
    await connected(other.socket);
    other.socket.emit('getBubbles');
    await until(() => other.bubbles() === modules);
  });

  it('answers a client that asks at a human pace every time', async () => {
    const c = client(anna);
    await connected(c.socket);
    for (let i = 1; i <= 4; i++) {
      c.socket.emit('getBubbles');
      await until(() => c.bubbles() === modules * i);
    }
    expect(c.socket.connected).toBe(true);
  });

  it('refuses the handshake while the app is locked or unpublished', async () => {
    try {
      await updateApp(t, 'demo-dark', { isLocked: true });
      await expect(connected(client(annaDark).socket)).rejects.toThrow('unavailable');
      await updateApp(t, 'demo-dark', { isLocked: false, isPublished: false });
      await expect(connected(client(annaDark).socket)).rejects.toThrow('unavailable');
    } finally {
      await updateApp(t, 'demo-dark', { isLocked: false, isPublished: true });
    }
    await connected(client(annaDark).socket);
  });

  it('closes the open sockets of an app that gets locked, and only those', async () => {
    const dark = client(annaDark);
    const light = client(anna);
    await Promise.all([connected(dark.socket), connected(light.socket)]);
    try {
      // Through the database, as an admin tool would: the trigger's notification reaches the bus.
      await t.app.ctx.db.update(apps).set({ isLocked: true }).where(eq(apps.key, 'demo-dark'));
      await until(() => !dark.socket.connected);
      expect(light.socket.connected).toBe(true);
    } finally {
      await updateApp(t, 'demo-dark', { isLocked: false });
    }
  });

  it('refuses more than 30 connections of one user on a node', async () => {
    const first = Array.from({ length: 30 }, () => client(anna));
    await Promise.all(first.map((c) => connected(c.socket)));
    await expect(connected(client(anna).socket)).rejects.toThrow('too many connections');
    first[0]?.socket.disconnect();
    await sleep(100);
    await connected(client(anna).socket);
  });
});
