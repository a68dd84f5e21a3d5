import fs from 'node:fs';
import path from 'node:path';
import { type Attachment, attachment as attachmentSchema } from '@app/contract/schemas/content';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTenant, makeUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/helpers.ts';
import { storedExists } from '../../../test/storage.ts';
import type { ModuleRow } from '../apps/apps.queries.ts';
import { appModules } from '../apps/apps.table.ts';
import { chatMessages } from '../chats/chats.table.ts';
import { MODULES, uploadHolders } from '../index.ts';
import { marketplaceItems } from '../marketplace/marketplace.table.ts';
import { resourceItems } from '../resources/resources.table.ts';
import { uploads } from './content.table.ts';
import { caller, type Member } from './content.test-kit.ts';
import { HELD_GRACE_MS, sweepReleasedUploads } from './content.uploads.ts';

// Held uploads (chat files, listing photos, resources' files) whose holder row went without
// deleting them (a cascade, a crash) are swept after the grace period; held ones stay. The holders
// come from the modules' manifests (`holdsUploads`).

let t: TestApp;
let chats: ModuleRow;
let market: ModuleRow;
let res: ModuleRow;
let anna: Member;
let ben: Member;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 1000, writes: 1000, windowMs: 60_000 } }, { users: 0 });
  const tenant = await makeTenant(t, { modules: ['chats', 'marketplace', 'resources'] });
  [chats, market, res] = tenant.modules as [ModuleRow, ModuleRow, ModuleRow];
  anna = await makeUser(t, tenant, { firstName: 'Anna', lastName: 'Able', isAdmin: true });
  ben = await makeUser(t, tenant, { firstName: 'Ben', lastName: 'Baker' });
});
afterAll(() => t.close());

const call = caller(() => t);
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();

async function upload(target: string): Promise<Attachment> {
  const body = multipart('file', 'p.png', await png());
  const r = await t.app.inject({
    method: 'POST',
    url: target,
    headers: { 'access-token': anna.token, ...body.headers },
    payload: body.payload,
  });
  expect(r.statusCode, r.body).toBe(200);
  return attachmentSchema.parse(r.json());
}

async function ok(r: Awaited<ReturnType<typeof call>>): Promise<{ id: number }> {
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: number };
}

/** A listing, a resources image and a chat message, each holding one upload. */
async function holders() {
  const [photo, file, att] = [
    await upload(`/marketplace/${market.id}/uploads`),
    await upload(`/resources/${res.id}/uploads`),
    await upload(`/chats/${chats.id}/uploads`),
  ];
  const listing = await ok(await call(anna.token, 'POST', `/marketplace/${market.id}/items`, { title: 'Desk', photo_ids: [photo.id] }));
  const item = await ok(await call(anna.token, 'POST', `/resources/${res.id}/items`, { type: 'file', upload_id: file.id }));
  const chat = await ok(
    await call(anna.token, 'POST', `/chats/${chats.id}/chats`, { chat_type: 'group', name: 'Files', user_ids: [ben.user.id] }),
  );
  await ok(
    await call(anna.token, 'POST', `/chats/${chats.id}/chats/${chat.id}/messages`, {
      client_id: `c-${photo.id}`,
      attachment_ids: [att.id],
    }),
  );
  const [message] = await t.app.ctx.db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.chatId, chat.id));
  return { ids: [photo.id, file.id, att.id], listing: listing.id, item: item.id, message: message?.id ?? 0 };
}

async function rowsOf(ids: number[]) {
  return t.app.ctx.db.select().from(uploads).where(inArray(uploads.id, ids));
}

/** Makes the uploads older than the grace period. */
async function age(ids: number[]) {
  await t.app.ctx.db
    .update(uploads)
    .set({ createdAt: new Date(Date.now() - HELD_GRACE_MS - 60_000) })
    .where(inArray(uploads.id, ids));
}

describe('held uploads whose holder is gone', () => {
  it('every module whose code holds uploads declares what it holds in its manifest', () => {
    for (const m of MODULES) {
      const dir = path.join(import.meta.dirname, '..', m.name);
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.includes('.test')) : [];
      const holds = files.some((f) => /\bheld: true\b/.test(fs.readFileSync(path.join(dir, f), 'utf8')));
      if (holds) expect(m.holdsUploads, `${m.name} holds uploads but declares no holdsUploads`).toBeDefined();
    }
    expect(uploadHolders().length).toBeGreaterThanOrEqual(3);
  });

  it('sweeps held uploads whose listing, resource item or message row was deleted in SQL, rows and files; keeps held ones and young ones', async () => {
    const gone = await holders();
    const kept = await holders();
    const young = await holders();
    const all = [...gone.ids, ...kept.ids, ...young.ids];
    const files = new Map((await rowsOf(all)).map((r) => [r.id, `files/${r.path}`]));
    for (const f of files.values()) expect(await storedExists(t.app, f)).toBe(true);
    // The holders go the way a cascade or a crash would take them: without their uploads.
    const db = t.app.ctx.db;
    for (const h of [gone, young]) {
      await db.delete(marketplaceItems).where(eq(marketplaceItems.id, h.listing));
      await db.delete(resourceItems).where(eq(resourceItems.id, h.item));
      await db.delete(chatMessages).where(eq(chatMessages.id, h.message));
    }
    await age([...gone.ids, ...kept.ids]);
    // A batch of one: the sweep goes on until none is left.
    expect(await sweepReleasedUploads(t.app.ctx, uploadHolders(), undefined, 1)).toBe(3);
    expect(await rowsOf(gone.ids)).toEqual([]);
    for (const id of gone.ids) expect(await storedExists(t.app, files.get(id) as string)).toBe(false);
    // Still held, or released less than an hour ago (an upload being claimed): untouched.
    expect((await rowsOf([...kept.ids, ...young.ids])).map((r) => r.id).sort()).toEqual([...kept.ids, ...young.ids].sort());
    for (const id of [...kept.ids, ...young.ids]) expect(await storedExists(t.app, files.get(id) as string)).toBe(true);
    // The survivors still show.
    const listing = await call(anna.token, 'GET', `/marketplace/${market.id}/items/${kept.listing}`);
    expect(listing.statusCode).toBe(200);
    expect((listing.json() as { photos: Attachment[] }).photos.map((p) => p.id)).toEqual([kept.ids[0]]);
    // Two sweeps at once delete each once and fail nowhere.
    await age(young.ids);
    const both = await Promise.all([sweepReleasedUploads(t.app.ctx, uploadHolders()), sweepReleasedUploads(t.app.ctx, uploadHolders())]);
    expect(both[0] + both[1]).toBe(3);
    // Without declared holders nothing is taken for released.
    expect(await sweepReleasedUploads(t.app.ctx, [], 0)).toBe(0);
    expect(await rowsOf(kept.ids)).toHaveLength(3);
  });

  it('a resources module deleted by cascade: no 5xx after, and the sweep leaves none of its upload rows or files', async () => {
    const tenant = await makeTenant(t, { modules: ['resources'] });
    const mod = tenant.modules[0] as ModuleRow;
    const owner = await makeUser(t, tenant, { isAdmin: true });
    const ups: Attachment[] = [];
    for (const name of ['a.png', 'b.png']) {
      const body = multipart('file', name, await png());
      const r = await t.app.inject({
        method: 'POST',
        url: `/resources/${mod.id}/uploads`,
        headers: { 'access-token': owner.token, ...body.headers },
        payload: body.payload,
      });
      expect(r.statusCode, r.body).toBe(200);
      ups.push(attachmentSchema.parse(r.json()));
    }
    const folder = await ok(await call(owner.token, 'POST', `/resources/${mod.id}/items`, { type: 'folder', title: 'Kit' }));
    await ok(await call(owner.token, 'POST', `/resources/${mod.id}/items`, { type: 'file', upload_id: ups[0]?.id }));
    const inFolder = await ok(
      await call(owner.token, 'POST', `/resources/${mod.id}/items`, { type: 'file', upload_id: ups[1]?.id, folder_id: folder.id }),
    );
    const ids = ups.map((u) => u.id);
    const files = (await rowsOf(ids)).map((r) => `files/${r.path}`);
    await t.app.ctx.db.delete(appModules).where(eq(appModules.id, mod.id));
    expect(await t.app.ctx.db.select().from(resourceItems).where(eq(resourceItems.appModuleId, mod.id))).toEqual([]);
    // The table's trigger tells the app cache by NOTIFY: on PostgreSQL it arrives a moment later.
    await vi.waitFor(async () => expect((await call(owner.token, 'GET', `/resources/${mod.id}/items`)).statusCode).toBe(404), {
      timeout: 2000,
      interval: 20,
    });
    for (const target of ['/items', `/items/${inFolder.id}`, `/items/${inFolder.id}/file`]) {
      expect((await call(owner.token, 'GET', `/resources/${mod.id}${target}`)).statusCode).toBe(404);
    }
    await age(ids);
    expect(await sweepReleasedUploads(t.app.ctx, uploadHolders())).toBeGreaterThanOrEqual(2);
    expect(await rowsOf(ids)).toEqual([]);
    for (const f of files) expect(await storedExists(t.app, f)).toBe(false);
  });
});
