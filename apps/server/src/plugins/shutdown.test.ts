import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test/harness.ts';

let slow: http.Server;
let slowPort = 0;
let t: TestApp;

beforeAll(async () => {
  // A page that takes 800 ms: the in-flight request during shutdown.
  slow = http.createServer((_req, res) => {
    setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Slow page</title>'), 800);
  });
  slowPort = await new Promise<number>((r) => slow.listen(0, '127.0.0.1', () => r((slow.address() as AddressInfo).port)));
  t = await createTestApp({ previewAllow: [`127.0.0.1:${slowPort}`] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  slow.close();
  await t.close().catch(() => undefined);
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests, tells sockets to reconnect, then refuses new work', async () => {
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const token = await login(t.app, 'anna@demo.test');
    const socket = connect(base, { auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const told = new Promise<boolean>((resolve) => socket.on('serverRestart', () => resolve(true)));

    const inFlight = fetch(`${base}/pwa/get-url-preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'access-token': token },
      body: JSON.stringify({ url: `http://127.0.0.1:${slowPort}/` }),
    });
    await new Promise((r) => setTimeout(r, 200));
    const closing = t.app.close();

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { meta: { title: string } }).meta.title).toBe('Slow page');
    expect(await told).toBe(true);
    const started = Date.now();
    await closing;
    // No idle keep-alive connection may hold the exit open.
    expect(Date.now() - started).toBeLessThan(5000);
    // A new connection is refused once the server has closed.
    const after = await new Promise<string>((resolve) => {
      const req = http.get(`${base}/healthz`, { agent: false, timeout: 2000 }, (r) => resolve(`status ${r.statusCode}`));
      req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
      req.on('timeout', () => req.destroy());
    });
    expect(after).toBe('ECONNREFUSED');
    socket.close();
  });
});
