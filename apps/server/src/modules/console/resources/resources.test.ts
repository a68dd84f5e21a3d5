import { type ConsoleResourceItem, consoleResourceItem } from '@app/contract/schemas/console-resources';
import { attachment } from '@app/contract/schemas/content';
import { resourceItem } from '@app/contract/schemas/resources';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { fieldErrorsOf, multipart } from '../../../../test/helpers.ts';
import { connected, socketClient, until } from '../../../../test/sockets.ts';
import type { ModuleRow } from '../../apps/apps.queries.ts';
import { resourceItems } from '../../resources/resources.table.ts';
import { consoleAudit } from '../console.table.ts';
import { type Caller, type Cast, consoleCall, makeCast, statusesFor } from '../console.test-kit.ts';

let t: TestApp;
let cast: Cast;
let mod: ModuleRow;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 1000, writes: 1000, windowMs: 60_000 } });
  cast = await makeCast(t, { modules: ['resources', 'news'] });
  mod = cast.tenant.modules.find((m) => m.type === 'resources') as ModuleRow;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => t.close());

const r = (path = '', m: ModuleRow = mod, appId = cast.tenant.app.id) => `/apps/${appId}/resources/${m.id}${path}`;
const db = () => t.app.ctx.db;
const ONLY_OWNERS = { anon: 401, member: 403, stranger: 404, moderator: 403, owner: 200, operator: 200 };

async function create(body: Record<string, unknown>, who: Caller = cast.owner): Promise<ConsoleResourceItem> {
  const res = await consoleCall(t, who, 'POST', r('/items'), body);
  expect(res.statusCode, res.body).toBe(200);
  return consoleResourceItem.parse(res.json());
}

/** The attendee list as a plain member sees it (root, or a folder). */
async function memberList(folderId?: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/resources/${mod.id}/items${folderId ? `?folder_id=${folderId}` : ''}`,
    headers: { 'access-token': cast.member.token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return resourceItem.array().parse(res.json());
}

function uploadFile(who: Caller | undefined, filename: string, data: Buffer, m: ModuleRow = mod, appId = cast.tenant.app.id) {
  const body = multipart('file', filename, data);
  return t.app.inject({
    method: 'POST',
    url: `/console/api${r('/uploads', m, appId)}`,
    headers: { ...body.headers, ...(who ? { 'access-token': who.token } : {}) },
    payload: body.payload,
  });
}

describe('console resources: roles and tenants', () => {
  it('lets owners and operators in, 403 beyond the role, 404 from another app, 401 signed out', async () => {
    const link = await create({ type: 'link', title: 'Matrix', url: 'https://matrix.example/' });
    expect(await statusesFor(t, cast, 'GET', r('/items'))).toEqual(ONLY_OWNERS);
    expect(await statusesFor(t, cast, 'POST', r('/items'), { type: 'folder', title: 'Roles' })).toEqual(ONLY_OWNERS);
    expect(await statusesFor(t, cast, 'PUT', r(`/items/${link.id}`), { title: 'Matrix 2' })).toEqual(ONLY_OWNERS);
    expect(await statusesFor(t, cast, 'POST', r(`/items/${link.id}/move`), { direction: 'up' })).toEqual(ONLY_OWNERS);
    const up: Record<string, number> = {};
    for (const [name, who] of Object.entries({ anon: undefined, member: cast.member, stranger: cast.stranger, moderator: cast.moderator }))
      up[name] = (await uploadFile(who, 'a.txt', Buffer.from('hello'))).statusCode;
    expect(up).toEqual({ anon: 401, member: 403, stranger: 404, moderator: 403 });
    expect(await statusesFor(t, cast, 'DELETE', r(`/items/${link.id}`))).toEqual({ ...ONLY_OWNERS, operator: 404 });
  });

  it("answers 404 for another app's module or item and for a module of another type", async () => {
    const other = await makeTenant(t, { modules: ['resources'] });
    const foreign = other.modules[0] as ModuleRow;
    const boss = await makeUser(t, other, { isAdmin: true });
    const theirs = await consoleCall(t, { token: boss.token, id: boss.user.id }, 'POST', r('/items', foreign, other.app.id), {
      type: 'folder',
      title: 'Theirs',
    });
    expect(theirs.statusCode).toBe(200);
    const id = theirs.json().id as number;
    expect((await consoleCall(t, cast.owner, 'GET', r('/items', foreign))).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'PUT', r(`/items/${id}`), { active: false })).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'POST', r(`/items/${id}/move`), { direction: 'down' })).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'DELETE', r(`/items/${id}`))).statusCode).toBe(404);
    // Their folder as ours to put a link in: a field error, nothing written.
    const into = await consoleCall(t, cast.owner, 'POST', r('/items'), {
      type: 'link',
      title: 'X',
      url: 'https://x.example/',
      folder_id: id,
    });
    expect(fieldErrorsOf(into).map((f) => f.field)).toEqual(['folder_id']);
    const news = cast.tenant.modules.find((m) => m.type === 'news') as ModuleRow;
    expect((await consoleCall(t, cast.owner, 'GET', r('/items', news))).statusCode).toBe(404);
    const [still] = await db().select().from(resourceItems).where(eq(resourceItems.id, id));
    expect(still?.active).toBe(true);
  });

  it('answers 422 for bad input', async () => {
    const bad = await consoleCall(t, cast.owner, 'POST', r('/items'), { type: 'link', title: ' ', url: 'javascript:alert(1)' });
    expect(
      fieldErrorsOf(bad)
        .map((f) => f.field)
        .sort(),
    ).toEqual(['title', 'url']);
    const folder = await create({ type: 'folder', title: 'Not a link' });
    const url = await consoleCall(t, cast.owner, 'PUT', r(`/items/${folder.id}`), { url: 'https://x.example/' });
    expect(fieldErrorsOf(url).map((f) => f.field)).toEqual(['url']);
    const long = await consoleCall(t, cast.owner, 'PUT', r(`/items/${folder.id}`), { description: 'x'.repeat(501) });
    expect(fieldErrorsOf(long).map((f) => f.field)).toEqual(['description']);
    const dir = await consoleCall(t, cast.owner, 'POST', r('/items'), { type: 'move', title: 'x' });
    expect(dir.statusCode).toBe(422);
    const upload = await consoleCall(t, cast.owner, 'POST', r('/items'), { type: 'file', upload_id: 999999 });
    expect(fieldErrorsOf(upload).map((f) => f.field)).toEqual(['upload_id']);
    await consoleCall(t, cast.owner, 'DELETE', r(`/items/${folder.id}`));
  });
});

describe('console resources: folders, files, links, order, hiding', () => {
  it('builds a folder with an upload and links; members see the order, descriptions, and never hidden items', async () => {
    const folder = await create({ type: 'folder', title: 'Slides', description: 'Talks of day one' });
    const up = await uploadFile(cast.owner, 'deck.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(up.statusCode, up.body).toBe(200);
    const file = await create({
      type: 'file',
      upload_id: attachment.parse(up.json()).id,
      folder_id: folder.id,
      description: 'The keynote',
    });
    expect(file).toMatchObject({ type: 'file', title: 'deck.pdf', folder_id: folder.id, file: { name: 'deck.pdf' } });
    const a = await create({ type: 'link', title: 'A', url: 'https://a.example/', folder_id: folder.id });
    const b = await create({ type: 'link', title: 'B', url: 'https://b.example/', folder_id: folder.id });
    // Newest first while nobody ordered them.
    expect((await memberList(folder.id)).map((i) => i.title)).toEqual(['B', 'A', 'deck.pdf']);
    const inside = await memberList(folder.id);
    expect(inside.find((i) => i.id === file.id)?.description).toBe('The keynote');
    // Move the file to the top: two steps up.
    await consoleCall(t, cast.owner, 'POST', r(`/items/${file.id}/move`), { direction: 'up' });
    const moved = await consoleCall(t, cast.owner, 'POST', r(`/items/${file.id}/move`), { direction: 'up' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().map((i: ConsoleResourceItem) => i.title)).toEqual(['deck.pdf', 'B', 'A']);
    expect((await memberList(folder.id)).map((i) => i.title)).toEqual(['deck.pdf', 'B', 'A']);
    // Up from the top changes nothing; down moves A… nowhere (last).
    await consoleCall(t, cast.owner, 'POST', r(`/items/${file.id}/move`), { direction: 'up' });
    await consoleCall(t, cast.owner, 'POST', r(`/items/${a.id}/move`), { direction: 'down' });
    expect((await memberList(folder.id)).map((i) => i.title)).toEqual(['deck.pdf', 'B', 'A']);
    await consoleCall(t, cast.owner, 'POST', r(`/items/${a.id}/move`), { direction: 'up' });
    expect((await memberList(folder.id)).map((i) => i.title)).toEqual(['deck.pdf', 'A', 'B']);

    // Hide B: members no longer see it; the console does.
    const hidden = await consoleCall(t, cast.owner, 'PUT', r(`/items/${b.id}`), { active: false, description: 'Later' });
    expect(hidden.json()).toMatchObject({ active: false, description: 'Later' });
    expect((await memberList(folder.id)).map((i) => i.title)).toEqual(['deck.pdf', 'A']);
    const memberOne = await t.app.inject({
      method: 'GET',
      url: `/resources/${mod.id}/items/${b.id}`,
      headers: { 'access-token': cast.member.token },
    });
    expect(memberOne.statusCode).toBe(404);
    const all = (await consoleCall(t, cast.owner, 'GET', r('/items'))).json() as ConsoleResourceItem[];
    expect(all.find((i) => i.id === b.id)?.active).toBe(false);
    // A hidden folder hides its contents.
    await consoleCall(t, cast.owner, 'PUT', r(`/items/${folder.id}`), { active: false });
    expect((await memberList()).map((i) => i.id)).not.toContain(folder.id);
    await consoleCall(t, cast.owner, 'PUT', r(`/items/${folder.id}`), { active: true });

    // Deleting the folder takes its contents (and the upload's row) with it.
    expect((await consoleCall(t, cast.owner, 'DELETE', r(`/items/${folder.id}`))).statusCode).toBe(200);
    const left = await db().select().from(resourceItems).where(eq(resourceItems.folderId, folder.id));
    expect(left).toEqual([]);
    const actions = (await db().select().from(consoleAudit).where(eq(consoleAudit.appId, cast.tenant.app.id))).map((x) => x.action);
    expect(actions).toEqual(expect.arrayContaining(['resource.create', 'resource.update', 'resource.move', 'resource.delete']));
  });

  it("reaches members' open screens live: added, hidden and deleted", async () => {
    const sock = socketClient(base, cast.member.token);
    try {
      await connected(sock);
      const got: Array<{ id: number; item: unknown; hidden: boolean }> = [];
      sock.on('resourceChanged', (p: { id: number; item: unknown; hidden: boolean }) => got.push(p));
      sock.emit('resourcesWatch', { app_module_id: mod.id, watch: true });
      await new Promise((ok) => setTimeout(ok, 300));
      const link = await create({ type: 'link', title: 'Live link', url: 'https://live.example/', description: 'Now' });
      await until(() => got.some((g) => g.id === link.id && g.item !== null));
      expect(got.find((g) => g.id === link.id)?.item).toMatchObject({ title: 'Live link', description: 'Now' });
      await consoleCall(t, cast.owner, 'PUT', r(`/items/${link.id}`), { active: false });
      await until(() => got.some((g) => g.id === link.id && g.hidden));
    } finally {
      sock.close();
    }
  });
});
