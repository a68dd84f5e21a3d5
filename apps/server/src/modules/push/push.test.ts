import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { errorOf, fieldsOf, sleep, userByEmail } from '../../../test/helpers.ts';
import { connected, socketClient, until } from '../../../test/sockets.ts';
import { sendPush } from './push.service.ts';
import { decryptPush, type Received, type StandIn, startStandIn, TLS_CERT } from './push.stand-in.ts';
import { pushMessages, pushSubscriptions } from './push.table.ts';

let t: TestApp;
let anna: string;
let ben: string;
let standIn: StandIn;
let pushOrigin: string;
let received: Received[];
const savedCa = https.globalAgent.options.ca;

beforeAll(async () => {
  t = await createTestApp();
  [anna, ben] = await Promise.all([login(t.app, 'anna@demo.test'), login(t.app, 'ben@demo.test')]);
  standIn = await startStandIn();
  received = standIn.received;
  pushOrigin = standIn.origin;
  // The stand-in push service is on loopback, which the sender refuses unless allowed.
  t.app.ctx.config.previewAllow.push(new URL(pushOrigin).host);
  // Trust the stand-in's certificate for the agents web-push uses (this test process only).
  https.globalAgent.options.ca = TLS_CERT;
});
afterAll(async () => {
  https.globalAgent.options.ca = savedCa;
  await standIn.close();
  await t.close();
});

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { 'access-token': token }, ...(payload ? { payload } : {}) });

const sub = (n: number) => ({
  endpoint: `https://push.example.test/send/${n}`,
  public_key: `BPk${n}${'A'.repeat(60)}`,
  auth_token: `auth${n}xxxxxxxx`,
  encoding: 'aes128gcm',
});

async function subscriptionsOf(userId: number) {
  return t.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

describe('push subscriptions', () => {
  it('stores a subscription with POST and updates it with PUT /0', async () => {
    const user = await userByEmail(t, 'demo', 'anna@demo.test');
    const res = await call('POST', '/push-subscription', anna, sub(1));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await subscriptionsOf(user.id)).toMatchObject([
      { endpoint: sub(1).endpoint, publicKey: sub(1).public_key, authToken: sub(1).auth_token, encoding: 'aes128gcm' },
    ]);

    // The same endpoint again is an update, not a second row.
    const upd = await call('PUT', '/push-subscription/0', anna, {
      ...sub(1),
      auth_token: 'rotated-secret',
      encoding: 'aesgcm',
      user_id: user.id,
    });
    expect(upd.statusCode).toBe(200);
    const rows = await subscriptionsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ authToken: 'rotated-secret', encoding: 'aesgcm' });
  });

  it('defaults the encoding to aes128gcm', async () => {
    const { encoding: _, ...withoutEncoding } = sub(2);
    expect((await call('POST', '/push-subscription', anna, withoutEncoding)).statusCode).toBe(200);
    const [row] = await t.app.ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, sub(2).endpoint));
    expect(row?.encoding).toBe('aes128gcm');
  });

  it('moves a shared endpoint to the last user who subscribed with it', async () => {
    const benRow = await userByEmail(t, 'demo', 'ben@demo.test');
    expect((await call('POST', '/push-subscription', ben, sub(2))).statusCode).toBe(200);
    const [row] = await t.app.ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, sub(2).endpoint));
    expect(row?.userId).toBe(benRow.id);
    // With other keys the endpoint is someone else's browser: refused, and it stays ben's.
    const taken = await call('POST', '/push-subscription', anna, { ...sub(2), auth_token: 'not-the-same' });
    expect(fieldsOf(taken)).toEqual(['endpoint']);
    const [after] = await t.app.ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, sub(2).endpoint));
    expect(after?.userId).toBe(benRow.id);
  });

  it('deletes with DELETE /0 and a body, only the own subscription', async () => {
    const user = await userByEmail(t, 'demo', 'anna@demo.test');
    // Ben cannot delete Anna's subscription.
    const foreign = await call('DELETE', '/push-subscription/0', ben, sub(1));
    expect(foreign.statusCode).toBe(404);
    expect(await subscriptionsOf(user.id)).toHaveLength(1);

    const res = await call('DELETE', '/push-subscription/0', anna, sub(1));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await subscriptionsOf(user.id)).toHaveLength(0);
    expect((await call('DELETE', '/push-subscription/0', anna, sub(1))).statusCode).toBe(404);
    // Without a body it is a validation error, not a crash.
    expect(fieldsOf(await call('DELETE', '/push-subscription/0', anna))).toContain('_popup');
  });

  it('validates the payload', async () => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ ...sub(3), endpoint: 'http://push.example.test/x' }, ['endpoint']],
      [{ ...sub(3), endpoint: 'not a url' }, ['endpoint']],
      [{ ...sub(3), endpoint: `https://x.test/${'a'.repeat(3000)}` }, ['endpoint']],
      [{ ...sub(3), public_key: '' }, ['public_key']],
      [{ ...sub(3), auth_token: 'a'.repeat(201) }, ['auth_token']],
      [{ ...sub(3), encoding: 'gzip' }, ['encoding']],
      [{ ...sub(3), user_id: 1 }, ['user_id']],
      [{ endpoint: sub(3).endpoint }, ['auth_token', 'public_key']],
      [{ ...sub(3), public_key: 42 }, ['public_key']],
    ];
    for (const [payload, fields] of cases) {
      expect(fieldsOf(await call('POST', '/push-subscription', anna, payload)), JSON.stringify(payload).slice(0, 80)).toEqual(fields);
    }
    expect(fieldsOf(await call('PUT', '/push-subscription/0', anna, { ...sub(3), user_id: 'me' }))).toEqual(['user_id']);
    expect(fieldsOf(await call('PUT', '/push-subscription/7', anna, sub(3)))).toEqual(['id']);
    expect(fieldsOf(await call('DELETE', '/push-subscription/abc', anna, sub(3)))).toEqual(['id']);
    expect((await t.app.inject({ method: 'POST', url: '/push-subscription', payload: sub(3) })).statusCode).toBe(401);
  });
});

describe('PUT /push-open/{id}', () => {
  it('marks an own push opened and refuses other ids', async () => {
    const annaRow = await userByEmail(t, 'demo', 'anna@demo.test');
    const [msg] = await t.app.ctx.db.insert(pushMessages).values({ userId: annaRow.id, title: 'Hello' }).returning();
    if (!msg) throw new Error('no message');

    const foreign = await call('PUT', `/push-open/${msg.id}`, ben);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).status).toBe(404);
    const [untouched] = await t.app.ctx.db.select().from(pushMessages).where(eq(pushMessages.id, msg.id));
    expect(untouched?.openedAt).toBeNull();

    const res = await call('PUT', `/push-open/${msg.id}`, anna);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const [opened] = await t.app.ctx.db.select().from(pushMessages).where(eq(pushMessages.id, msg.id));
    expect(opened?.openedAt).toBeInstanceOf(Date);
    // Opening twice keeps the first time.
    expect((await call('PUT', `/push-open/${msg.id}`, anna)).statusCode).toBe(200);
    const [again] = await t.app.ctx.db.select().from(pushMessages).where(eq(pushMessages.id, msg.id));
    expect(again?.openedAt?.getTime()).toBe(opened?.openedAt?.getTime());

    expect((await call('PUT', '/push-open/999999', anna)).statusCode).toBe(404);
    expect(fieldsOf(await call('PUT', '/push-open/abc', anna))).toEqual(['id']);
    expect(fieldsOf(await call('PUT', '/push-open/0', anna))).toEqual(['id']);
    expect(fieldsOf(await call('PUT', '/push-open/99999999999', anna))).toEqual(['id']);
  });
});

/** Checks a VAPID JWT (ES256) against the server's public key and returns its claims. */
function verifyVapid(jwt: string, publicKeyB64: string): Record<string, unknown> {
  const [head, claims, sig] = jwt.split('.');
  if (!head || !claims || !sig) throw new Error('not a JWT');
  const point = Buffer.from(publicKeyB64, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig, 'base64url'));
  if (!ok) throw new Error('bad VAPID signature');
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
}

/**
 * The user's only subscription: a device of the stand-in push service, with the keys to read what
 * it receives. Inserted directly: the HTTP schema accepts only https endpoints of real push services.
 */
async function standInDevice(userId: number, device: string) {
  await t.app.ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const authSecret = randomBytes(16);
  await t.app.ctx.db.insert(pushSubscriptions).values({
    userId,
    endpoint: `${pushOrigin}/push/${device}`,
    publicKey: ua.getPublicKey().toString('base64url'),
    authToken: authSecret.toString('base64url'),
    encoding: 'aes128gcm',
  });
  return { ua, authSecret };
}

describe('sendPush()', () => {
  it('delivers an encrypted, VAPID-signed push and drops a gone subscription', async () => {
    const user = await userByEmail(t, 'demo', 'ben@demo.test');
    const { ua, authSecret } = await standInDevice(user.id, 'ben-device');

    standIn.answer = 201;
    received.length = 0;
    const delivered = await sendPush(t.app.ctx, user.appId, user.id, 'chats', {
      title: 'Session starts',
      body: 'Room A in 5 minutes',
      url: '/agenda/1',
    });
    expect(delivered).toBe(1);
    expect(received).toHaveLength(1);
    const [req] = received;
    if (!req) throw new Error('no request');
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/push/ben-device');
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(req.headers['content-type']).toBe('application/octet-stream');
    expect(req.headers.ttl).toBe('3600');

    const auth = String(req.headers.authorization);
    const m = auth.match(/^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/);
    expect(m?.[2]).toBe(t.app.ctx.vapid.publicKey);
    const claims = verifyVapid(m?.[1] ?? '', t.app.ctx.vapid.publicKey);
    expect(claims.aud).toBe(pushOrigin);
    expect(claims.sub).toBe('mailto:no-reply@eventapp.local');
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);

    const payload = JSON.parse(decryptPush(req.body, ua, authSecret)) as Record<string, unknown>;
    const [msg] = await t.app.ctx.db.select().from(pushMessages).where(eq(pushMessages.userId, user.id));
    expect(payload).toEqual({
      title: 'Session starts',
      body: 'Room A in 5 minutes',
      url: '/agenda/1',
      click_url: '/agenda/1',
      category: 'chats',
      pushAnalyticsId: msg?.id,
    });
    expect(await subscriptionsOf(user.id)).toHaveLength(1);

    // The push id in the payload is what the client reports as opened.
    expect((await call('PUT', `/push-open/${msg?.id}`, ben)).statusCode).toBe(200);

    // A 5xx of the push service keeps the subscription for a later try.
    standIn.answer = 503;
    expect(await sendPush(t.app.ctx, user.appId, user.id, 'chats', { title: 'x', body: 'y', url: '/' })).toBe(0);
    expect(await subscriptionsOf(user.id)).toHaveLength(1);

    // 410 Gone removes it.
    standIn.answer = 410;
    expect(await sendPush(t.app.ctx, user.appId, user.id, 'chats', { title: 'x', body: 'y', url: '/' })).toBe(0);
    expect(received).toHaveLength(3);
    expect(await subscriptionsOf(user.id)).toHaveLength(0);
    expect(await sendPush(t.app.ctx, user.appId, user.id, 'chats', { title: 'x', body: 'y', url: '/' })).toBe(0);
    expect(received).toHaveLength(3);
  });
});

describe('chat messages as pushes', () => {
  it('pushes a new message to a member with no open app, one per chat (Topic and tag), and not while a socket is open', async () => {
    const user = await userByEmail(t, 'demo', 'ben@demo.test');
    const { ua, authSecret } = await standInDevice(user.id, 'ben-chat');
    const menu = (await t.app.inject({ method: 'GET', url: '/user/app-menu', headers: { 'access-token': anna } })).json() as {
      menu: Array<{ type: string; app_module_id: number }>;
    };
    const chats = menu.menu.find((m) => m.type === 'chats');
    if (!chats) throw new Error('no chats module');
    const group = (
      await call('POST', `/chats/${chats.app_module_id}/chats`, anna, { chat_type: 'group', name: 'Push test', user_ids: [user.id] })
    ).json() as { id: number };
    standIn.answer = 201;
    received.length = 0;
    const send = (text: string) =>
      call('POST', `/chats/${chats.app_module_id}/chats/${group.id}/messages`, anna, { client_id: `push-${text}`, text });
    expect((await send('Are you coming?')).statusCode).toBe(200);
    await until(() => received.length === 1);
    const [req] = received;
    expect(req?.headers.topic).toBe(`chat-${group.id}`);
    const payload = JSON.parse(decryptPush(req?.body ?? Buffer.alloc(0), ua, authSecret)) as Record<string, unknown>;
    expect(payload).toMatchObject({
      title: 'Push test',
      url: `/chats/${chats.app_module_id}/group/${group.id}`,
      tag: `chat-${group.id}`,
    });
    expect(String(payload.body)).toMatch(/: Are you coming\?$/);

    // With the app open (a socket), the message comes live instead: no push.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = socketClient(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, ben);
    await connected(socket);
    const live: unknown[] = [];
    socket.on('chatMessage', (e: unknown) => live.push(e));
    expect((await send('Still there?')).statusCode).toBe(200);
    await until(() => live.length === 1);
    await sleep(300);
    expect(received).toHaveLength(1);
    socket.disconnect();
  });
});
