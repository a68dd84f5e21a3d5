import type { AddressInfo } from 'node:net';
import { SOCKET_PATH } from '@app/contract/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test/harness.ts';
import { allowList } from './metrics.ts';

let t: TestApp;
let base: string;
let anna: string;
const open: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { users: 3 });
  anna = await login(t.app, 'anna@demo.test');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await t.close();
});

/** The value of a sample line `name{labels} value` whose name and labels contain every part. */
function sample(text: string, ...parts: string[]): number | undefined {
  const line = text.split('\n').find((l) => !l.startsWith('#') && parts.every((p) => l.includes(p)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('/metrics', () => {
  it('counts requests by route pattern and status, never by address or token', async () => {
    const before = await (await fetch(`${base}/metrics`)).text();
    const seen = sample(before, 'http_request_duration_seconds_count{', 'route="/user/app-menu"', 'status="200"') ?? 0;
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${base}/user/app-menu`, { headers: { 'access-token': anna } });
      expect(r.status).toBe(200);
    }
    expect((await fetch(`${base}/user/app-menu?access-token=${anna}`)).status).toBe(401);
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(sample(text, 'http_request_duration_seconds_count{', 'route="/user/app-menu"', 'status="200"')).toBe(seen + 3);
    expect(sample(text, 'http_request_duration_seconds_count{', 'route="/user/app-menu"', 'status="401"')).toBe(1);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005"');
    expect(text).not.toContain(anna);
    // The database's query time, the event loop's delay (Node's metrics start with the first scrape).
    expect(sample(text, 'db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    // PostgreSQL's pool (PGlite has none).
    if (t.app.ctx.database.kind === 'postgres') expect(sample(text, 'db_pool_connections ')).toBeGreaterThan(0);
    else expect(text).not.toContain('db_pool_connections');
  });

  it('counts open sockets and their events by outcome', async () => {
    const socket = connect(base, { path: SOCKET_PATH, auth: { token: anna }, transports: ['websocket'], reconnection: false });
    open.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    // A malformed event: dropped, counted as invalid.
    const answer = (await socket.timeout(2_000).emitWithAck('chatSend', { nonsense: true } as never)) as { status?: number };
    expect(answer.status).toBe(422);
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(sample(text, 'socket_connections ')).toBe(1);
    expect(sample(text, 'socket_events_total{', 'outcome="invalid"')).toBe(1);
    expect(sample(text, 'push_queue_jobs ')).toBe(0);
    socket.disconnect();
  });

  it('answers 404 to an address that is not allowed, whatever it forwards', async () => {
    const closed = await createTestApp({ metricsAllow: ['10.0.0.0/8'] }, { users: 0 });
    try {
      const r = await closed.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '10.1.2.3' } });
      expect(r.statusCode).toBe(404);
      expect(r.body).not.toContain('http_request');
      const allowed = await closed.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' });
      expect(allowed.statusCode).toBe(200);
    } finally {
      await closed.close();
    }
  });

  it('reads addresses and ranges of both families', () => {
    const list = allowList(['127.0.0.1', '::1', '192.168.0.0/16', 'fd00::/8']);
    expect(list.check('127.0.0.1', 'ipv4')).toBe(true);
    expect(list.check('192.168.4.5', 'ipv4')).toBe(true);
    expect(list.check('192.169.0.1', 'ipv4')).toBe(false);
    expect(list.check('::1', 'ipv6')).toBe(true);
    expect(list.check('fd12::1', 'ipv6')).toBe(true);
    expect(list.check('fe80::1', 'ipv6')).toBe(false);
  });
});
