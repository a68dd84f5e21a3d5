import type { AddressInfo } from 'node:net';
import { type ChatSendAck, chatDetail, chatMessage } from '@app/contract/schemas/chats';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { connected, socketClient } from '../../../test/sockets.ts';
import type { ModuleRow } from '../apps/apps.queries.ts';
import { caller, type Member } from '../content/content.test-kit.ts';

// A small allowance so that the test stays quick: 30 messages a minute per member.
const WRITES = 30;

let t: TestApp;
let base: string;
let mod: ModuleRow;
let anna: Member;
let ben: Member;
let cleo: Member;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 10, writes: WRITES, windowMs: 60_000 } }, { users: 0 });
  const tenant = await makeTenant(t, { modules: ['chats'] });
  mod = tenant.modules[0] as ModuleRow;
  anna = await makeUser(t, tenant, { firstName: 'Anna', lastName: 'Able' });
  ben = await makeUser(t, tenant, { firstName: 'Ben', lastName: 'Baker' });
  cleo = await makeUser(t, tenant, { firstName: 'Cleo', lastName: 'Cole' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const call = caller(() => t);

describe('one member, many sockets', () => {
  it('draws chatSend on every socket and the HTTP send from one allowance per member', async () => {
    const created = await call(anna.token, 'POST', `/chats/${mod.id}/chats`, { chat_type: 'chat', user_ids: [ben.user.id] });
    expect(created.statusCode, created.body).toBe(200);
    const chat = chatDetail.parse(created.json());

    const clients = Array.from({ length: 10 }, () => socketClient(base, anna.token));
    sockets.push(...clients);
    await Promise.all(clients.map((c) => connected(c)));
    // 10 per socket: below the per-connection burst (20), so only the member's allowance can refuse.
    const acks = await Promise.all(
      clients.flatMap((c, i) =>
        Array.from(
          { length: 10 },
          (_, k) =>
            new Promise<ChatSendAck>((resolve) =>
              c.emit('chatSend', { app_module_id: mod.id, chat_id: chat.id, client_id: `s${i}-${k}`, text: `hello ${i}.${k}` }, resolve),
            ),
        ),
      ),
    );
    const stored = acks.filter((a) => a.ok).length;
    expect(stored).toBe(WRITES);
    const refused = acks.find((a) => !a.ok);
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(refused && !refused.ok && refused.message).toMatch(/wait/i);

    // The HTTP send is the socket's twin: the same allowance is spent.
    const http = await call(anna.token, 'POST', `/chats/${mod.id}/chats/${chat.id}/messages`, { client_id: 'http-1', text: 'over HTTP' });
    expect(http.statusCode).toBe(429);
    // In the reader's language: a German socket is answered in German.
    const de = socketClient(base, anna.token);
    (de as unknown as { auth: Record<string, string> }).auth = { token: anna.token, locale: 'de-DE' };
    sockets.push(de);
    await connected(de);
    const deAck = await new Promise<ChatSendAck>((resolve) =>
      de.emit('chatSend', { app_module_id: mod.id, chat_id: chat.id, client_id: 'de-1', text: 'Hallo' }, resolve),
    );
    expect(deAck).toMatchObject({ ok: false, status: 429 });
    expect(!deAck.ok && deAck.message).not.toMatch(/wait/i);

    // Another member's allowance is untouched.
    const reply = await call(ben.token, 'POST', `/chats/${mod.id}/chats/${chat.id}/messages`, { client_id: 'b-1', text: 'hi' });
    expect(reply.statusCode).toBe(200);
    const list = await call(ben.token, 'GET', `/chats/${mod.id}/chats/${chat.id}/messages?limit=100`);
    const texts = chatMessage.array().parse(list.json());
    expect(texts.filter((m) => m.user.id === anna.user.id)).toHaveLength(WRITES);
  });

  it('answers HTTP first and the socket after: the order does not matter', async () => {
    // The group's creation draws on another allowance (writes), not the messages'.
    const created = await call(cleo.token, 'POST', `/chats/${mod.id}/chats`, {
      chat_type: 'group',
      name: 'Budget',
      user_ids: [anna.user.id],
    });
    expect(created.statusCode, created.body).toBe(200);
    const chat = chatDetail.parse(created.json());
    const s = socketClient(base, cleo.token);
    sockets.push(s);
    await connected(s);
    for (let i = 0; i < WRITES; i++) {
      const r = await call(cleo.token, 'POST', `/chats/${mod.id}/chats/${chat.id}/messages`, { client_id: `h${i}`, text: `h${i}` });
      expect(r.statusCode).toBe(200);
    }
    const ack = await new Promise<ChatSendAck>((resolve) =>
      s.emit('chatSend', { app_module_id: mod.id, chat_id: chat.id, client_id: 'sock', text: 'one more' }, resolve),
    );
    expect(ack).toMatchObject({ ok: false, status: 429 });
  });
});
