import { chatDetail, chatMessage, chat as chatSchema } from '@app/contract/schemas/chats';
import { type Attachment, attachment as attachmentSchema } from '@app/contract/schemas/content';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { fieldErrorsOf, multipart } from '../../../test/helpers.ts';
import { storedBytes, storedExists, storedKeys } from '../../../test/storage.ts';
import type { ModuleRow } from '../apps/apps.queries.ts';
import { caller, type Member } from '../content/content.test-kit.ts';
import { sweepOrphanUploads } from '../content/content.uploads.ts';

// Files in chat messages and group logos (issue 9): uploads through the content kit, held by the
// message that names them, deleted with it and with its chat, never swept while held.

let t: TestApp;
let mod: ModuleRow;
let anna: Member;
let ben: Member;
let cleo: Member;
let stranger: Member;
let strangerMod: ModuleRow;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 1000, writes: 1000, windowMs: 60_000 } }, { users: 0 });
  const tenant = await makeTenant(t, { modules: ['chats'] });
  mod = tenant.modules[0] as ModuleRow;
  anna = await makeUser(t, tenant, { firstName: 'Anna', lastName: 'Able' });
  ben = await makeUser(t, tenant, { firstName: 'Ben', lastName: 'Baker' });
  cleo = await makeUser(t, tenant, { firstName: 'Cleo', lastName: 'Cole' });
  const other = await makeTenant(t, { modules: ['chats'] });
  strangerMod = other.modules[0] as ModuleRow;
  stranger = await makeUser(t, other);
});
afterAll(() => t.close());

const call = caller(() => t);
const url = (rest = '', m: ModuleRow = mod) => `/chats/${m.id}${rest}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();

function post(who: Member, target: string, field: string, name: string, data: Buffer) {
  const body = multipart(field, name, data);
  return t.app.inject({ method: 'POST', url: target, headers: { 'access-token': who.token, ...body.headers }, payload: body.payload });
}

async function upload(who: Member, name: string, data: Buffer, m: ModuleRow = mod): Promise<Attachment> {
  const res = await post(who, url('/uploads', m), 'file', name, data);
  expect(res.statusCode, res.body).toBe(200);
  return attachmentSchema.parse(res.json());
}

async function groupOf(who: Member, members: Member[], name = 'Files') {
  const res = await call(who.token, 'POST', url('/chats'), { chat_type: 'group', name, user_ids: members.map((m) => m.user.id) });
  expect(res.statusCode, res.body).toBe(200);
  return chatDetail.parse(res.json());
}

let n = 0;
const send = (who: Member, chatId: number, body: { text?: string; attachment_ids?: number[]; client_id?: string }) =>
  call(who.token, 'POST', url(`/chats/${chatId}/messages`), { client_id: `f-${++n}`, ...body });

/** GET of a signed file URL as the browser makes it (no token: the signature is the permission). */
const fetchFile = (fileUrl: string) => t.app.inject({ method: 'GET', url: fileUrl });

describe('files in chat messages', () => {
  it('sends images and documents with or without text; every member reads them through signed URLs', async () => {
    const chat = await groupOf(anna, [ben]);
    const image = await upload(anna, 'stage.png', await png(2400, 1200));
    const doc = await upload(anna, 'agenda.pdf', PDF);
    expect(image.width).toBe(1600);

    const res = await send(anna, chat.id, { attachment_ids: [image.id, doc.id] });
    expect(res.statusCode, res.body).toBe(200);
    const sent = chatMessage.parse(res.json());
    expect(sent.text).toBe('');
    expect(sent.attachments.map((a) => [a.name, a.is_image])).toEqual([
      ['stage.jpg', true],
      ['agenda.pdf', false],
    ]);

    const seen = chatMessage.array().parse((await call(ben.token, 'GET', url(`/chats/${chat.id}/messages`))).json());
    const got = seen.find((m) => m.id === sent.id);
    expect(got?.attachments.map((a) => a.id)).toEqual([image.id, doc.id]);
    const file = await fetchFile(got?.attachments[1]?.url ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const list = chatSchema.array().parse((await call(ben.token, 'GET', url('/chats'))).json());
    expect(list.find((c) => c.id === chat.id)?.last_message?.attachments.map((a) => a.name)).toEqual(['stage.jpg', 'agenda.pdf']);

    // A sweep of uploads waiting for a post leaves the ones a message holds.
    await sweepOrphanUploads(t.app.ctx, 0);
    expect((await fetchFile(got?.attachments[0]?.url ?? '')).statusCode).toBe(200);
  });

  it('serves a chat’s files only to its current members: a removed member’s URLs stop at once', async () => {
    const chat = await groupOf(anna, [ben, cleo]);
    const doc = await upload(anna, 'plan.pdf', PDF);
    const sent = chatMessage.parse((await send(anna, chat.id, { attachment_ids: [doc.id] })).json());
    const urlOf = async (who: Member) =>
      chatMessage
        .array()
        .parse((await call(who.token, 'GET', url(`/chats/${chat.id}/messages`))).json())
        .find((m) => m.id === sent.id)?.attachments[0]?.url ?? '';
    const bens = await urlOf(ben);
    const cleos = await urlOf(cleo);
    expect((await fetchFile(bens)).statusCode).toBe(200);
    // Signed for one reader: another member's id in Ben's URL is refused.
    expect((await fetchFile(bens.replace(`u=${ben.user.id}`, `u=${cleo.user.id}`))).statusCode).toBe(403);

    expect((await call(anna.token, 'DELETE', url(`/chats/${chat.id}/members/${ben.user.id}`))).statusCode).toBe(200);
    expect((await fetchFile(bens)).statusCode).toBe(403);
    expect((await fetchFile(cleos)).statusCode).toBe(200);
    // Short browser caching: a removal is not outlived by hours of cache.
    expect((await fetchFile(cleos)).headers['cache-control']).toMatch(/max-age=([0-9]|[1-9][0-9]|[12][0-9][0-9]|300)$/);
    // Leaving is the same.
    expect((await call(cleo.token, 'DELETE', url(`/chats/${chat.id}/members/${cleo.user.id}`))).statusCode).toBe(200);
    expect((await fetchFile(cleos)).statusCode).toBe(403);
  });

  it('refuses a file already sent, another member’s file, too many files and an empty message; a retry answers the stored one', async () => {
    const chat = await groupOf(anna, [ben]);
    const mine = await upload(anna, 'one.pdf', PDF);
    const first = await send(anna, chat.id, { text: 'Here', attachment_ids: [mine.id], client_id: 'retry-1' });
    expect(first.statusCode, first.body).toBe(200);
    const retry = await send(anna, chat.id, { text: 'Here', attachment_ids: [mine.id], client_id: 'retry-1' });
    expect(chatMessage.parse(retry.json()).id).toBe(chatMessage.parse(first.json()).id);

    const again = await send(anna, chat.id, { attachment_ids: [mine.id] });
    expect(again.statusCode).toBe(422);
    expect(fieldErrorsOf(again)).toEqual([
      { field: 'attachment_ids', message: 'This file is no longer available. Please upload it again.' },
    ]);

    const bens = await upload(ben, 'bens.pdf', PDF);
    expect((await send(anna, chat.id, { attachment_ids: [bens.id] })).statusCode).toBe(422);
    const strangers = await upload(stranger, 'x.pdf', PDF, strangerMod);
    expect((await send(anna, chat.id, { attachment_ids: [strangers.id] })).statusCode).toBe(422);

    const blank = await send(anna, chat.id, { text: '  ' });
    expect(fieldErrorsOf(blank)).toEqual([{ field: 'text', message: 'Write a message first' }]);
    const many = await send(anna, chat.id, { attachment_ids: Array.from({ length: 11 }, (_, i) => i + 1) });
    expect(fieldErrorsOf(many).map((e) => e.field)).toEqual(['attachment_ids']);

    // Ben's file, refused above, is still his to send.
    expect((await send(ben, chat.id, { attachment_ids: [bens.id] })).statusCode).toBe(200);
  });

  it('keeps the upload free when the message is refused (a chat one is not in)', async () => {
    const chat = await groupOf(anna, [ben]);
    const file = await upload(cleo, 'c.pdf', PDF);
    expect((await send(cleo, chat.id, { attachment_ids: [file.id] })).statusCode).toBe(404);
    const own = await groupOf(cleo, [anna]);
    expect((await send(cleo, own.id, { attachment_ids: [file.id] })).statusCode).toBe(200);
  });

  it('deletes the files with their message and with their chat', async () => {
    const chat = await groupOf(anna, [ben]);
    const a = await upload(anna, 'a.pdf', PDF);
    const b = await upload(anna, 'b.pdf', PDF);
    const one = chatMessage.parse((await send(anna, chat.id, { attachment_ids: [a.id] })).json());
    const two = chatMessage.parse((await send(anna, chat.id, { attachment_ids: [b.id] })).json());
    const stored = () => storedKeys(t.app, 'files/content/').then((keys) => keys.length);
    const before = await stored();

    expect((await call(anna.token, 'POST', url(`/chats/${chat.id}/messages/delete`), { ids: [one.id] })).statusCode).toBe(200);
    expect((await fetchFile(one.attachments[0]?.url ?? '')).statusCode).toBe(404);
    expect((await fetchFile(two.attachments[0]?.url ?? '')).statusCode).toBe(200);
    expect(await stored()).toBe(before - 1);

    expect((await call(anna.token, 'DELETE', url(`/chats/${chat.id}`))).statusCode).toBe(200);
    expect((await fetchFile(two.attachments[0]?.url ?? '')).statusCode).toBe(404);
    expect(await stored()).toBe(before - 2);
  });

  it('uploads only into a chats module of the caller’s app', async () => {
    expect((await post(stranger, url('/uploads'), 'file', 'x.pdf', PDF)).statusCode).toBe(404);
    const bad = await post(anna, url('/uploads'), 'file', 'x.exe', Buffer.from('MZ\x90\x00'));
    expect(bad.statusCode).toBe(422);
  });
});

describe('group logos', () => {
  it('lets the owner set the logo (512 px WebP), replacing the old file; members and others cannot', async () => {
    const chat = await groupOf(anna, [ben], 'Logo');
    const res = await post(anna, url(`/chats/${chat.id}/logo`), 'logo', 'logo.png', await png(900, 600));
    expect(res.statusCode, res.body).toBe(200);
    const logo = chatDetail.parse(res.json()).logo ?? '';
    expect(logo).toMatch(/^\/uploads\/chat-logos\/.+\.webp$/);
    const stored = logo.slice(1);
    expect((await sharp(await storedBytes(t.app, stored)).metadata()).width).toBe(512);

    const next = chatDetail.parse((await post(anna, url(`/chats/${chat.id}/logo`), 'logo', 'l2.png', await png(64, 64))).json());
    expect(next.logo).not.toBe(logo);
    expect(await storedExists(t.app, stored)).toBe(false);
    const seen = chatSchema.array().parse((await call(ben.token, 'GET', url('/chats'))).json());
    expect(seen.find((c) => c.id === chat.id)?.logo).toBe(next.logo);

    expect((await post(ben, url(`/chats/${chat.id}/logo`), 'logo', 'l.png', await png(64, 64))).statusCode).toBe(403);
    expect((await post(stranger, url(`/chats/${chat.id}/logo`), 'logo', 'l.png', await png(64, 64))).statusCode).toBe(404);
    const notImage = await post(anna, url(`/chats/${chat.id}/logo`), 'logo', 'l.pdf', PDF);
    expect(fieldErrorsOf(notImage).map((e) => e.field)).toEqual(['logo']);
  });
});

describe('group logo allowance', () => {
  it('allows the avatar’s few logo uploads a minute, in a bucket apart from message files', async () => {
    const limited = await createTestApp({ rateLimit: { auth: 1000, uploads: 2, writes: 1000, windowMs: 60_000 } }, { users: 0 });
    try {
      const tenant = await makeTenant(limited, { modules: ['chats'] });
      const m = tenant.modules[0] as ModuleRow;
      const owner = await makeUser(limited, tenant);
      const other = await makeUser(limited, tenant);
      const made = await caller(() => limited)(owner.token, 'POST', `/chats/${m.id}/chats`, {
        chat_type: 'group',
        name: 'Limited',
        user_ids: [other.user.id],
      });
      const chatId = chatDetail.parse(made.json()).id;
      const logo = async () => {
        const body = multipart('logo', 'l.png', await png(64, 64));
        return limited.app.inject({
          method: 'POST',
          url: `/chats/${m.id}/chats/${chatId}/logo`,
          headers: { 'access-token': owner.token, ...body.headers },
          payload: body.payload,
        });
      };
      expect([(await logo()).statusCode, (await logo()).statusCode, (await logo()).statusCode]).toEqual([200, 200, 429]);
      const file = multipart('file', 'a.pdf', PDF);
      const res = await limited.app.inject({
        method: 'POST',
        url: `/chats/${m.id}/uploads`,
        headers: { 'access-token': owner.token, ...file.headers },
        payload: file.payload,
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
