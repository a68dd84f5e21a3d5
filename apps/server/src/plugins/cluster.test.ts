import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, socketClient, until } from '../../test/sockets.ts';

/**
 * Two server processes on one PostgreSQL, as behind a load balancer: what one node changes
 * (a logout, a password reset, a deleted account, a module) must hold on the other within a
 * second, although each node caches tokens, apps and menus in memory.
 */
const url = process.env.DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../../../..');

interface Node {
  base: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

async function startNode(databaseUrl: string): Promise<Node> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eventapp-node-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      NODE_ENV: 'development',
      SMTP_URL: '',
      PUBLIC_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (b: Buffer) => {
    log = (log + b.toString()).slice(-10_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node exited: ${log}`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`node did not start: ${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, dataDir, child, output: () => log };
}

async function stopNode(node: Node | undefined) {
  if (!node) return;
  if (node.child.exitCode === null) {
    const exited = new Promise((r) => node.child.once('exit', r));
    node.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  }
  fs.rmSync(node.dataDir, { recursive: true, force: true });
}

const json = { 'content-type': 'application/json', 'app-key': 'demo' };

async function signIn(node: Node, email: string, password = 'demo1234!'): Promise<string> {
  const res = await fetch(`${node.base}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

const menu = (node: Node, token: string) => fetch(`${node.base}/user/app-menu`, { headers: { 'access-token': token } });

/** Polls until `check` holds; returns how long it took, or throws after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    if (await check()) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not within ${ms} ms`);
}

describe.skipIf(!url)('two nodes on one PostgreSQL', () => {
  let a: Node | undefined;
  let b: Node | undefined;
  let sqlClient: pg.Client;
  let adminUrl: string;
  let dbName: string;

  beforeAll(async () => {
    adminUrl = url ?? '';
    dbName = `cluster_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    // One after the other: the first migrates and seeds, the second finds it done.
    a = await startNode(u.toString());
    b = await startNode(u.toString());
    sqlClient = new pg.Client({ connectionString: u.toString() });
    await sqlClient.connect();
  }, 200_000);

  afterAll(async () => {
    await sqlClient?.end();
    await Promise.all([stopNode(a), stopNode(b)]);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 60_000);

  const nodes = () => {
    if (!a || !b) throw new Error('nodes not started');
    return { a, b };
  };

  it('a chat message sent through one node reaches members connected to the other, and a removed member stops receiving', async () => {
    const { a, b } = nodes();
    const [anna, ben] = [await signIn(a, 'anna@demo.test'), await signIn(b, 'ben@demo.test')];
    const chats = ((await (await menu(a, anna)).json()) as { menu: Array<{ type: string; app_module_id: number }> }).menu.find(
      (m) => m.type === 'chats',
    );
    if (!chats) throw new Error('no chats module');
    const benId = Number(((await (await menu(b, ben)).json()) as { user_id: number }).user_id);
    const at = (node: Node, token: string, path: string, body?: unknown) =>
      fetch(`${node.base}/chats/${chats.app_module_id}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { ...json, 'access-token': token },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const group = (await (await at(a, anna, '/chats', { chat_type: 'group', name: 'Two nodes', user_ids: [benId] })).json()) as {
      id: number;
    };
    const socket = socketClient(b.base, ben);
    await connected(socket);
    const got: Array<{ message: string }> = [];
    socket.on('chatMessage', (e: { message: string }) => got.push(e));
    expect((await at(a, anna, `/chats/${group.id}/messages`, { client_id: 'node-a-1', text: 'From node A' })).status).toBe(200);
    await until(() => got.some((e) => e.message === 'From node A'), 2_000);
    // Removed on node A: node B's socket hears no more from the group.
    const removed = await fetch(`${a.base}/chats/${chats.app_module_id}/chats/${group.id}/members/${benId}`, {
      method: 'DELETE',
      headers: { 'app-key': 'demo', 'access-token': anna },
    });
    expect(removed.status).toBe(200);
    expect((await at(a, anna, `/chats/${group.id}/messages`, { client_id: 'node-a-2', text: 'After removal' })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(got.map((e) => e.message)).toEqual(['From node A']);
    socket.disconnect();
  });

  it('a logout on one node ends the session on the other within a second', async () => {
    const { a, b } = nodes();
    const token = await signIn(a, 'anna@demo.test');
    // Node B has the token in its cache now.
    expect((await menu(b, token)).status).toBe(200);
    expect((await menu(b, token)).status).toBe(200);
    expect((await fetch(`${a.base}/auth/logout`, { method: 'POST', headers: { 'access-token': token } })).status).toBe(200);
    const ms = await within(1_000, async () => (await menu(b, token)).status === 401);
    expect(ms).toBeLessThan(1_000);
  });

  it('a password reset on one node ends every older session on the other', async () => {
    const { a, b } = nodes();
    const token = await signIn(a, 'ben@demo.test');
    expect((await menu(b, token)).status).toBe(200);
    expect(
      (await fetch(`${a.base}/auth/forgot-password`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'ben@demo.test' }) }))
        .status,
    ).toBe(200);
    const mail = await (async () => {
      for (let i = 0; i < 50; i++) {
        const res = await fetch(`${a.base}/dev/outbox.json`);
        const mails = (await res.json()) as Array<{ to: string; link: string }>;
        const found = mails.find((m) => m.to === 'ben@demo.test');
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no reset mail: ${a.output()}`);
    })();
    const resetToken = new URL(mail.link).searchParams.get('token');
    const reset = await fetch(`${a.base}/auth/reset-password`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token: resetToken, password: 'Another-pass-2026' }),
    });
    expect(reset.status).toBe(200);
    await within(1_000, async () => (await menu(b, token)).status === 401);
  });

  it('a deleted account loses access on both nodes within a second', async () => {
    const { a, b } = nodes();
    const token = await signIn(a, 'admin@demo.test');
    expect((await menu(a, token)).status).toBe(200);
    expect((await menu(b, token)).status).toBe(200);
    // Deleted outside any route (an operator, a later admin call): the cascade removes its tokens.
    await sqlClient.query(`delete from users where email = 'admin@demo.test' and app_id = (select id from apps where key = 'demo')`);
    await within(1_000, async () => (await menu(a, token)).status === 401 && (await menu(b, token)).status === 401);
  });

  it('a module change shows on every node within a second', async () => {
    const { a, b } = nodes();
    const token = await signIn(a, 'anna@demo.test');
    const names = async (node: Node) =>
      ((await (await menu(node, token)).json()) as { menu: Array<{ name: string }> }).menu.map((m) => m.name);
    expect(await names(b)).not.toContain('Renamed on one node');
    await sqlClient.query(
      `update app_modules set name = 'Renamed on one node' where id = (select min(m.id) from app_modules m join apps p on p.id = m.app_id where p.key = 'demo')`,
    );
    await within(1_000, async () => (await names(a)).includes('Renamed on one node') && (await names(b)).includes('Renamed on one node'));
    const config = await fetch(`${b.base}/user/app-config`, { headers: { 'app-key': 'demo' } });
    expect(config.status).toBe(200);
    // An unpublished app answers 451 on the other node as well.
    await sqlClient.query(`update apps set is_published = false where key = 'demo'`);
    await within(1_000, async () => (await menu(b, token)).status === 451);
    await sqlClient.query(`update apps set is_published = true where key = 'demo'`);
  });

  it('a console menu change on one node reaches the other node’s menu and open apps within a second', async () => {
    const { a, b } = nodes();
    const anna = await signIn(b, 'anna@demo.test');
    // The demo's owner was deleted by a test before: ben (whose password a test before reset) runs the app now.
    await sqlClient.query(
      `update users set is_admin = true where email = 'ben@demo.test' and app_id = (select id from apps where key = 'demo')`,
    );
    const login = await fetch(`${a.base}/console/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ben@demo.test', password: 'Another-pass-2026', app: 'demo' }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const op = { 'content-type': 'application/json', 'access-token': ((await login.json()) as { access_token: string }).access_token };
    const appId = Number((await sqlClient.query(`select id from apps where key = 'demo'`)).rows[0]?.id);
    const mods = (
      (await (await fetch(`${a.base}/console/api/apps/${appId}/menu`, { headers: op })).json()) as { modules: Array<{ id: number }> }
    ).modules;
    const socket = socketClient(b.base, anna);
    await connected(socket);
    let changed = 0;
    socket.on('appChanged', () => changed++);
    const order = [...mods.map((m) => m.id)].reverse();
    const put = await fetch(`${a.base}/console/api/apps/${appId}/menu/order`, {
      method: 'PUT',
      headers: op,
      body: JSON.stringify({ ids: order }),
    });
    expect(put.status).toBe(200);
    await within(1_000, async () => {
      const ids = ((await (await menu(b, anna)).json()) as { menu: Array<{ app_module_id: number }> }).menu.map((m) => m.app_module_id);
      return changed > 0 && ids[0] === order[0];
    });
    socket.disconnect();
    await fetch(`${a.base}/console/api/apps/${appId}/menu/order`, {
      method: 'PUT',
      headers: op,
      body: JSON.stringify({ ids: mods.map((m) => m.id) }),
    });
  });
});
