import type { AddressInfo } from 'node:net';
import {
  type Chat,
  type ChatChange,
  type ChatMessageEvent,
  type ChatSendAck,
  chatDetail,
  chatMessage,
  chat as chatSchema,
} from '@app/contract/schemas/chats';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeModule, makeTenant, makeUser, type Tenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { fieldErrorsOf, pageHeaders, sleep } from '../../../test/helpers.ts';
import { connected, socketClient, until } from '../../../test/sockets.ts';
import type { ModuleRow } from '../apps/apps.queries.ts';
import { caller, type Member } from '../content/content.test-kit.ts';

let t: TestApp;
let base: string;
let tenant: Tenant;
let mod: ModuleRow;
let anna: Member;
let ben: Member;
let cleo: Member;
let dan: Member;
let stranger: Member;
let strangerMod: ModuleRow;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { users: 0 });
  tenant = await makeTenant(t, { modules: ['chats'] });
  mod = tenant.modules[0] as ModuleRow;
  anna = await makeUser(t, tenant, { firstName: 'Anna', lastName: 'Able' });
  ben = await makeUser(t, tenant, { firstName: 'Ben', lastName: 'Baker' });
  cleo = await makeUser(t, tenant, { firstName: 'Cleo', lastName: 'Cole' });
  dan = await makeUser(t, tenant, { firstName: 'Dan', lastName: 'Dale' });
  const other = await makeTenant(t, { modules: ['chats'] });
  strangerMod = other.modules[0] as ModuleRow;
  stranger = await makeUser(t, other);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const call = caller(() => t);
const url = (rest = '', m: ModuleRow = mod) => `/chats/${m.id}${rest}`;

async function ok<T>(res: Awaited<ReturnType<typeof call>>, schema: { parse: (v: unknown) => T }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}

const group = (who: Member, name: string, members: Member[]) =>
  call(who.token, 'POST', url('/chats'), { chat_type: 'group', name, user_ids: members.map((m) => m.user.id) });
const makeGroup = async (who: Member, name: string, members: Member[]) => ok(await group(who, name, members), chatDetail);
let n = 0;
const send = (who: Member, chatId: number, text: string, clientId = `c-${++n}`) =>
  call(who.token, 'POST', url(`/chats/${chatId}/messages`), { client_id: clientId, text });
const listOf = async (who: Member, query = '') => ok(await call(who.token, 'GET', url(`/chats${query}`)), chatSchema.array());
const messagesOf = async (who: Member, chatId: number, query = '') =>
  ok(await call(who.token, 'GET', url(`/chats/${chatId}/messages${query}`)), chatMessage.array());

function client(who: Member) {
  const socket = socketClient(base, who.token);
  const messages: ChatMessageEvent[] = [];
  const changes: ChatChange[] = [];
  const typing: number[] = [];
  socket.on('chatMessage', (e: ChatMessageEvent) => messages.push(e));
  socket.on('chatChanged', (e: ChatChange) => changes.push(e));
  socket.on('chatTyping', (e: { chat_id: number }) => typing.push(e.chat_id));
  sockets.push(socket);
  return { socket, messages, changes, typing };
}

describe('chats', () => {
  it('starts a private chat once: starting it again answers the same chat', async () => {
    const first = await ok(await call(anna.token, 'POST', url('/chats'), { chat_type: 'chat', user_ids: [ben.user.id] }), chatDetail);
    expect(first).toMatchObject({ chat_type: 'chat', name: 'Ben Baker', members_count: 2, owner_id: anna.user.id, unread_count: 0 });
    expect(first.members.map((m) => m.id).sort()).toEqual([anna.user.id, ben.user.id].sort());
    const again = await ok(
      await call(ben.token, 'POST', url('/chats'), { chat_type: 'chat', user_ids: [anna.user.id, ben.user.id] }),
      chatDetail,
    );
    expect(again.id).toBe(first.id);
    expect(again.name).toBe('Anna Able');
    expect(again.permissions).toMatchObject({ leave: false, edit: false, delete: false });
  });

  it('refuses a chat with nobody else, with a user of another app, and a group without a name', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ chat_type: 'chat', user_ids: [anna.user.id] }, 'user_ids', 'Please select at least one user to start chatting!'],
      [{ chat_type: 'chat', user_ids: [] }, 'user_ids', 'Please select at least one user to start chatting!'],
      [{ chat_type: 'chat', user_ids: [stranger.user.id] }, 'user_ids', 'Choose people who are members of this app'],
      [
        { chat_type: 'chat', user_ids: [ben.user.id, cleo.user.id] },
        'user_ids',
        'A private chat is with one other person; create a group for more',
      ],
      [{ chat_type: 'group', user_ids: [ben.user.id], name: '  ' }, 'name', 'Group name must be specified!'],
      [{ chat_type: 'group', user_ids: [ben.user.id], name: 'x'.repeat(61) }, 'name', 'Please use a shorter title!'],
      [{ chat_type: 'group', user_ids: [999_999], name: 'Ghosts' }, 'user_ids', 'Choose people who are members of this app'],
    ];
    for (const [body, field, message] of cases) {
      expect(fieldErrorsOf(await call(anna.token, 'POST', url('/chats'), body)), JSON.stringify(body)).toEqual([{ field, message }]);
    }
    // In another language too.
    const de = await call(anna.token, 'POST', url('/chats'), { chat_type: 'group', user_ids: [ben.user.id] }, { cookie: 'locale=de_DE' });
    expect(fieldErrorsOf(de)[0]?.message).not.toBe('Group name must be specified!');
  });

  it('keeps chats to their members and their app: others get 404', async () => {
    const g = await makeGroup(anna, 'Planning', [ben]);
    for (const [who, path] of [
      [cleo, url(`/chats/${g.id}`)],
      [cleo, url(`/chats/${g.id}/messages`)],
      [stranger, url(`/chats/${g.id}`)],
      [stranger, url(`/chats/${g.id}`, strangerMod)],
    ] as const) {
      expect((await call(who.token, 'GET', path)).statusCode).toBe(404);
    }
    expect((await send(cleo, g.id, 'let me in')).statusCode).toBe(404);
    expect((await send(stranger, g.id, 'let me in')).statusCode).toBe(404);
    expect((await listOf(cleo)).map((c) => c.id)).not.toContain(g.id);
  });

  it('stores a message once per client id, in order, and catches up after a seq', async () => {
    const g = await makeGroup(anna, 'Orders', [ben, cleo]);
    const a = await ok(await send(anna, g.id, 'one', 'same-id'), chatMessage);
    const again = await ok(await send(anna, g.id, 'one (retry)', 'same-id'), chatMessage);
    expect(again).toEqual(a);
    const many = await Promise.all(['two', 'three', 'four', 'five'].map((text, i) => send(i % 2 ? ben : cleo, g.id, text, `m-${i}`)));
    const stored = await Promise.all(many.map((r) => ok(r, chatMessage)));
    const all = await messagesOf(ben, g.id);
    expect(all.map((m) => m.text)).toEqual(['one', ...stored.sort((x, y) => x.seq - y.seq).map((m) => m.text)]);
    expect(all.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect((await messagesOf(ben, g.id, `?after=${a.seq}`)).map((m) => m.seq)).toEqual([2, 3, 4, 5]);
    expect((await messagesOf(ben, g.id, '?before=4&limit=2')).map((m) => m.seq)).toEqual([2, 3]);
    expect((await messagesOf(ben, g.id, '?limit=2')).map((m) => m.seq)).toEqual([4, 5]);
    // Blank and too long are refused with field messages.
    expect(fieldErrorsOf(await send(anna, g.id, '   '))).toEqual([{ field: 'text', message: 'Write a message first' }]);
    expect(fieldErrorsOf(await send(anna, g.id, 'x'.repeat(4001)))[0]?.field).toBe('text');
  });

  it('lists chats by newest activity with unread counts; reading clears them', async () => {
    const g1 = await makeGroup(dan, 'First', [cleo]);
    const g2 = await makeGroup(dan, 'Second', [cleo]);
    await send(dan, g1.id, 'hello 1');
    await send(dan, g1.id, 'hello 2');
    let list = await listOf(cleo);
    expect(list.slice(0, 2).map((c) => [c.name, c.unread_count])).toEqual([
      ['First', 2],
      ['Second', 0],
    ]);
    expect(list[0]?.last_message?.text).toBe('hello 2');
    const menu = async () =>
      ((await call(cleo.token, 'GET', '/user/app-menu')).json() as { menu: Array<{ app_module_id: number; bubble: number[] }> }).menu.find(
        (m) => m.app_module_id === mod.id,
      )?.bubble;
    expect(await menu()).toContain(g1.id);
    expect((await call(cleo.token, 'POST', url(`/chats/${g1.id}/read`), { seq: 2 })).statusCode).toBe(200);
    list = await listOf(cleo);
    expect(list.find((c) => c.id === g1.id)?.unread_count).toBe(0);
    expect(await menu()).not.toContain(g1.id);
    const detail = await ok(await call(dan.token, 'GET', url(`/chats/${g1.id}`)), chatDetail);
    expect(detail.read_marks).toEqual([{ user_id: cleo.user.id, seq: 2 }]);
    // Search by name.
    expect((await listOf(cleo, '?search=seco')).map((c) => c.id)).toEqual([g2.id]);
    expect(pageHeaders(await call(cleo.token, 'GET', url('/chats?per-page=1'))).perPage).toBe(1);
  });

  it('keeps the chat bubble while anything from others is unread, and gives it back with the next message after reading', async () => {
    const g = await makeGroup(dan, 'Bubbles', [cleo]);
    const bubbleOf = async (who: Member) =>
      ((await call(who.token, 'GET', '/user/app-menu')).json() as { menu: Array<{ app_module_id: number; bubble: number[] }> }).menu
        .find((m) => m.app_module_id === mod.id)
        ?.bubble.includes(g.id);
    await send(dan, g.id, 'one');
    await expect.poll(() => bubbleOf(cleo)).toBe(true);
    await send(dan, g.id, 'two');
    // Reading up to the first of two unread leaves the bubble; reading both clears it.
    expect((await call(cleo.token, 'POST', url(`/chats/${g.id}/read`), { seq: 1 })).statusCode).toBe(200);
    expect(await bubbleOf(cleo)).toBe(true);
    expect((await call(cleo.token, 'POST', url(`/chats/${g.id}/read`), { seq: 2 })).statusCode).toBe(200);
    expect(await bubbleOf(cleo)).toBe(false);
    // Cleo's own message brings no bubble to herself; Dan's next one does.
    await send(cleo, g.id, 'mine');
    await sleep(150);
    expect(await bubbleOf(cleo)).toBe(false);
    await send(dan, g.id, 'three');
    await expect.poll(() => bubbleOf(cleo)).toBe(true);
    // A member added now starts with the history read, and gets the bubble with the next message.
    expect((await call(dan.token, 'POST', url(`/chats/${g.id}/members`), { user_ids: [anna.user.id] })).statusCode).toBe(200);
    expect((await listOf(anna)).find((c) => c.id === g.id)?.unread_count).toBe(0);
    await send(dan, g.id, 'welcome');
    await expect.poll(() => bubbleOf(anna)).toBe(true);
    expect((await listOf(anna)).find((c) => c.id === g.id)?.unread_count).toBe(1);
  });

  it('archives and restores a chat for one member only', async () => {
    const g = await makeGroup(anna, 'Archive me', [ben]);
    const archived = await ok(await call(ben.token, 'POST', url(`/chats/${g.id}/archive`), { archived: true }), chatDetail);
    expect(archived.archived).toBe(true);
    expect((await listOf(ben)).map((c) => c.id)).not.toContain(g.id);
    expect((await listOf(ben, '?archived=1')).map((c) => c.id)).toContain(g.id);
    expect((await listOf(anna)).map((c) => c.id)).toContain(g.id);
    await call(ben.token, 'POST', url(`/chats/${g.id}/archive`), { archived: false });
    expect((await listOf(ben)).map((c) => c.id)).toContain(g.id);
  });

  it('lets only the owner rename, manage members, transfer and delete; an owner transfers before leaving', async () => {
    const g = await makeGroup(anna, 'Team', [ben]);
    expect((await call(ben.token, 'PUT', url(`/chats/${g.id}`), { name: 'Mine' })).statusCode).toBe(403);
    expect((await call(ben.token, 'POST', url(`/chats/${g.id}/members`), { user_ids: [cleo.user.id] })).statusCode).toBe(403);
    expect((await call(ben.token, 'DELETE', url(`/chats/${g.id}`))).statusCode).toBe(403);
    expect((await ok(await call(anna.token, 'PUT', url(`/chats/${g.id}`), { name: 'Team A' }), chatDetail)).name).toBe('Team A');
    const added = await ok(
      await call(anna.token, 'POST', url(`/chats/${g.id}/members`), { user_ids: [cleo.user.id, dan.user.id] }),
      chatDetail,
    );
    expect(added.members_count).toBe(4);
    expect((await call(anna.token, 'DELETE', url(`/chats/${g.id}/members/${dan.user.id}`))).statusCode).toBe(200);
    expect((await call(dan.token, 'GET', url(`/chats/${g.id}`))).statusCode).toBe(404);
    // A removed member's message is refused with a reason.
    expect(fieldErrorsOf(await send(dan, g.id, 'still here?'))).toEqual([
      { field: '_popup', message: 'You are no longer a member of this chat' },
    ]);
    expect(fieldErrorsOf(await call(anna.token, 'DELETE', url(`/chats/${g.id}/members/${anna.user.id}`)))).toEqual([
      { field: '_popup', message: 'Make another member the owner before you leave' },
    ]);
    expect(fieldErrorsOf(await call(anna.token, 'POST', url(`/chats/${g.id}/owner`), { user_id: dan.user.id }))[0]?.field).toBe('user_id');
    const moved = await ok(await call(anna.token, 'POST', url(`/chats/${g.id}/owner`), { user_id: ben.user.id }), chatDetail);
    expect(moved.owner_id).toBe(ben.user.id);
    expect(moved.members[0]).toMatchObject({ id: ben.user.id, is_owner: true });
    expect((await call(anna.token, 'DELETE', url(`/chats/${g.id}/members/${anna.user.id}`))).statusCode).toBe(200);
    expect((await listOf(anna)).map((c) => c.id)).not.toContain(g.id);
    expect((await call(ben.token, 'DELETE', url(`/chats/${g.id}`))).statusCode).toBe(200);
    expect((await call(cleo.token, 'GET', url(`/chats/${g.id}`))).statusCode).toBe(404);
  });

  it('edits and deletes your own messages only', async () => {
    const g = await makeGroup(anna, 'Edits', [ben]);
    const m1 = await ok(await send(anna, g.id, 'tyop'), chatMessage);
    const m2 = await ok(await send(anna, g.id, 'second'), chatMessage);
    const theirs = await ok(await send(ben, g.id, 'mine'), chatMessage);
    const edited = await ok(await call(anna.token, 'PUT', url(`/chats/${g.id}/messages/${m1.id}`), { text: 'typo' }), chatMessage);
    expect(edited).toMatchObject({ id: m1.id, text: 'typo', seq: m1.seq });
    expect(edited.edited_at).not.toBeNull();
    expect((await call(ben.token, 'PUT', url(`/chats/${g.id}/messages/${m1.id}`), { text: 'hacked' })).statusCode).toBe(403);
    expect((await call(anna.token, 'POST', url(`/chats/${g.id}/messages/delete`), { ids: [m1.id, theirs.id] })).statusCode).toBe(403);
    expect((await messagesOf(anna, g.id)).length).toBe(3);
    expect((await call(anna.token, 'POST', url(`/chats/${g.id}/messages/delete`), { ids: [m1.id, m2.id] })).statusCode).toBe(200);
    expect((await messagesOf(ben, g.id)).map((m) => m.text)).toEqual(['mine']);
  });
});

describe('chats over Socket.IO', () => {
  it('delivers a message to every member (three clients), acknowledges the sender, never to others', async () => {
    const g = await makeGroup(anna, 'Live', [ben, cleo]);
    const [a, b, c, d, s] = [client(anna), client(ben), client(cleo), client(dan), client(stranger)];
    await Promise.all([a, b, c, d, s].map((x) => connected(x.socket)));
    const ack = await new Promise<ChatSendAck>((resolve) =>
      a.socket.emit('chatSend', { app_module_id: mod.id, chat_id: g.id, client_id: 'live-1', text: 'Hi all' }, resolve),
    );
    expect(ack).toMatchObject({ ok: true, message: { text: 'Hi all', client_id: 'live-1', seq: 1 } });
    await until(() => b.messages.length === 1 && c.messages.length === 1 && a.messages.length === 1);
    expect(b.messages[0]).toMatchObject({
      message: 'Hi all',
      chat: { id: g.id, chat_type: 'group', chat_name: 'Live', is_group: true },
      sender: { id: anna.user.id, fullname: 'Anna Able' },
    });
    // The same client id again: acknowledged with the same message, delivered to nobody again.
    const twice = await new Promise<ChatSendAck>((resolve) =>
      a.socket.emit('chatSend', { app_module_id: mod.id, chat_id: g.id, client_id: 'live-1', text: 'Hi all' }, resolve),
    );
    expect(twice).toEqual(ack);
    // Invalid payloads and chats one is not in are answered, not stored.
    const bad = await new Promise<ChatSendAck>((resolve) =>
      d.socket.emit('chatSend', { app_module_id: mod.id, chat_id: g.id, client_id: 'x', text: '' }, resolve),
    );
    expect(bad).toMatchObject({ ok: false, status: 422 });
    const notMine = await new Promise<ChatSendAck>((resolve) =>
      d.socket.emit('chatSend', { app_module_id: mod.id, chat_id: g.id, client_id: 'x', text: 'hi' }, resolve),
    );
    expect(notMine).toMatchObject({ ok: false, status: 404 });
    b.socket.emit('chatTyping', { app_module_id: mod.id, chat_id: g.id });
    await until(() => a.typing.length === 1 && c.typing.length === 1);
    await sleep(200);
    expect(b.messages).toHaveLength(1);
    expect(b.typing).toEqual([]);
    expect([d.messages, s.messages, d.typing, s.typing]).toEqual([[], [], [], []]);
  });

  it('stops delivering to a removed member at once, and tells them', async () => {
    const g = await makeGroup(anna, 'Leaving', [ben, cleo]);
    const [b, c] = [client(ben), client(cleo)];
    await Promise.all([connected(b.socket), connected(c.socket)]);
    await call(anna.token, 'DELETE', url(`/chats/${g.id}/members/${cleo.user.id}`));
    await until(() => c.changes.some((e) => e.chat_id === g.id && e.what === 'removed'));
    await send(anna, g.id, 'after you left');
    await until(() => b.messages.some((m) => m.chat.id === g.id));
    await sleep(200);
    expect(c.messages.filter((m) => m.chat.id === g.id)).toEqual([]);
  });

  it('shows a private chat under the sender’s name to the recipient', async () => {
    const p = await ok(await call(cleo.token, 'POST', url('/chats'), { chat_type: 'chat', user_ids: [dan.user.id] }), chatDetail);
    const d = client(dan);
    await connected(d.socket);
    await send(cleo, p.id, 'psst');
    await until(() => d.messages.length > 0);
    expect(d.messages[0]?.chat).toMatchObject({ id: p.id, chat_type: 'chat', chat_name: 'Cleo Cole', is_group: false });
    const list: Chat[] = await listOf(dan);
    expect(list.find((c) => c.id === p.id)).toMatchObject({ name: 'Cleo Cole', unread_count: 1, last_message: { text: 'psst' } });
  });
});

describe('lines of a chat’s history', () => {
  it('stores “left”, “was removed” and “is now the owner” as lines every member sees, live, never unread', async () => {
    const g = await makeGroup(anna, 'Lines', [ben, cleo, dan]);
    const b = client(ben);
    await connected(b.socket);
    expect((await call(anna.token, 'DELETE', url(`/chats/${g.id}/members/${dan.user.id}`))).statusCode).toBe(200);
    expect((await call(cleo.token, 'DELETE', url(`/chats/${g.id}/members/${cleo.user.id}`))).statusCode).toBe(200);
    expect((await call(anna.token, 'POST', url(`/chats/${g.id}/owner`), { user_id: ben.user.id })).statusCode).toBe(200);
    const expected = [
      ['removed', dan.user.id],
      ['left', cleo.user.id],
      ['owner', ben.user.id],
    ];
    const lines = (await messagesOf(ben, g.id)).filter((m) => m.event !== null);
    expect(lines.map((m) => [m.event, m.user.id])).toEqual(expected);
    expect(lines[0]?.user.fullname).toBe('Dan Dale');
    await until(() => b.changes.filter((e) => e.chat_id === g.id && e.what === 'event').length === 3);
    const live = b.changes.flatMap((e) => (e.chat_id === g.id && e.what === 'event' ? [[e.message.event, e.message.user.id]] : []));
    expect(live).toEqual(expected);
    expect((await listOf(ben)).find((c) => c.id === g.id)).toMatchObject({ unread_count: 0, last_message: { event: 'owner' } });
    // A line names Ben but is not his message: he can neither edit nor delete it.
    const ownerLine = lines[2];
    expect((await call(ben.token, 'PUT', url(`/chats/${g.id}/messages/${ownerLine?.id}`), { text: 'mine now' })).statusCode).toBe(403);
    expect((await call(ben.token, 'POST', url(`/chats/${g.id}/messages/delete`), { ids: [ownerLine?.id] })).statusCode).toBe(403);
    // The one removed does not see what happens after.
    expect((await call(dan.token, 'GET', url(`/chats/${g.id}/messages`))).statusCode).toBe(404);
  });
});

describe('an erased account', () => {
  it('hands the groups it owned to the longest-standing member, leaves its chats, and cannot be chatted with', async () => {
    const settings = await makeModule(t, tenant, 'settings');
    const olga = await makeUser(t, tenant, { firstName: 'Olga', lastName: 'Owner', password: 'secret-pass-1' });
    const g = await makeGroup(olga as Member, 'Olga’s group', [ben]);
    // Cleo joins later: Ben has been in the group longer.
    expect((await call(olga.token, 'POST', url(`/chats/${g.id}/members`), { user_ids: [cleo.user.id] })).statusCode).toBe(200);
    expect((await send(olga as Member, g.id, 'bye soon')).statusCode).toBe(200);
    const priv = await ok(await call(dan.token, 'POST', url('/chats'), { chat_type: 'chat', user_ids: [olga.user.id] }), chatDetail);
    const c = client(cleo);
    await connected(c.socket);

    const erased = await call(olga.token, 'POST', `/settings/${settings.id}/delete-account`, { password: 'secret-pass-1' });
    expect(erased.statusCode, erased.body).toBe(200);

    const detail = await ok(await call(ben.token, 'GET', url(`/chats/${g.id}`)), chatDetail);
    expect(detail.owner_id).toBe(ben.user.id);
    expect(detail.members.map((m) => m.id).sort()).toEqual([ben.user.id, cleo.user.id].sort());
    expect(detail.permissions).toMatchObject({ manage_members: true, transfer: true });
    const tail = (await messagesOf(cleo, g.id)).slice(-3);
    expect(tail.map((m) => [m.event, m.user.id])).toEqual([
      [null, olga.user.id],
      ['left', olga.user.id],
      ['owner', ben.user.id],
    ]);
    await until(() => c.changes.some((e) => e.chat_id === g.id && e.what === 'event' && e.message.event === 'owner'));
    // The private chat shows that the other person is gone.
    expect((await messagesOf(dan, priv.id)).map((m) => m.event)).toEqual(['left']);

    // Nobody starts a chat with the erased account or adds it to a group: 404.
    expect((await call(ben.token, 'POST', url('/chats'), { chat_type: 'chat', user_ids: [olga.user.id] })).statusCode).toBe(404);
    expect((await call(ben.token, 'POST', url(`/chats/${g.id}/members`), { user_ids: [olga.user.id] })).statusCode).toBe(404);
  });
});
