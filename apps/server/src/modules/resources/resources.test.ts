import type { AddressInfo } from 'node:net';
import { attachment } from '@app/contract/schemas/content';
import { type ResourceItem, resourceItem } from '@app/contract/schemas/resources';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, type Tenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { errorOf, fieldErrorsOf, multipart, pageHeaders, sleep } from '../../../test/helpers.ts';
import { connected, socketClient, until } from '../../../test/sockets.ts';
import { storedExists } from '../../../test/storage.ts';
import type { ModuleRow } from '../apps/apps.queries.ts';
import { apps } from '../apps/apps.table.ts';
import { uploads } from '../content/content.table.ts';
import { caller, type Member } from '../content/content.test-kit.ts';
import { demoPdf } from './resources.seed.ts';
import { resourceItems } from './resources.table.ts';

/** Writes a member may make per window here: the rate-limit test spends them with a member of its own. */
const WRITES = 60;

let t: TestApp;
let base: string;
let tenant: Tenant;
let mod: ModuleRow;
let otherMod: ModuleRow;
let admin: Member;
let olga: Member;
let max: Member;
let stranger: Member;
let strangerMod: ModuleRow;
const ids = { slides: 0, photos: 0, deck: 0, photo: 0, map: 0, draft: 0, strangerLink: 0 };

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 1000, writes: WRITES, windowMs: 60_000 } }, { users: 0 });
  tenant = await makeTenant(t, { modules: ['resources', 'resources'], maxUploadSize: 200_000 });
  [mod, otherMod] = tenant.modules as [ModuleRow, ModuleRow];
  admin = await makeUser(t, tenant, { firstName: 'Ada', lastName: 'Admin', isAdmin: true });
  olga = await makeUser(t, tenant, { firstName: 'Olga', lastName: 'Owner' });
  max = await makeUser(t, tenant, { firstName: 'Max', lastName: 'Member' });
  const other = await makeTenant(t, { modules: ['resources'] });
  strangerMod = other.modules[0] as ModuleRow;
  const strangerAdmin = await makeUser(t, other, { isAdmin: true });
  stranger = await makeUser(t, other);
  ids.strangerLink = (await create(strangerAdmin, { type: 'link', title: 'Elsewhere', url: 'https://elsewhere.example/' }, strangerMod)).id;
  ids.slides = (await create(admin, { type: 'folder', title: 'Slides' })).id;
  ids.photos = (await create(admin, { type: 'folder', title: 'Photos' })).id;
  ids.deck = (await addFile(olga, 'keynote.pdf', demoPdf(['Keynote', 'Hello']), { folder_id: ids.slides, title: 'Keynote deck' })).id;
  ids.photo = (await addFile(olga, 'stage.png', await png(40, 30), { folder_id: ids.photos })).id;
  ids.map = (await create(olga, { type: 'link', title: 'Venue map', url: 'https://maps.example/venue' })).id;
  ids.draft = (await addFile(admin, 'draft.pdf', demoPdf(['Draft']), { title: 'Speaker briefing (draft)' })).id;
  await ok(await call(admin.token, 'PUT', url(`/${ids.draft}`), { active: false }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const call = caller(() => t);
const url = (rest = '', m: ModuleRow = mod) => `/resources/${m.id}/items${rest}`;
const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();

async function ok(res: Awaited<ReturnType<typeof call>>): Promise<ResourceItem> {
  expect(res.statusCode, res.body).toBe(200);
  return resourceItem.parse(res.json());
}

async function create(who: Member, body: Record<string, unknown>, m: ModuleRow = mod) {
  return ok(await call(who.token, 'POST', url('', m), body));
}

function sendUpload(who: Member, filename: string, data: Buffer, m: ModuleRow = mod) {
  const body = multipart('file', filename, data);
  return t.app.inject({
    method: 'POST',
    url: `/resources/${m.id}/uploads`,
    headers: { 'access-token': who.token, ...body.headers },
    payload: body.payload,
  });
}

async function addFile(who: Member, filename: string, data: Buffer, extra: Record<string, unknown> = {}) {
  const res = await sendUpload(who, filename, data);
  expect(res.statusCode, res.body).toBe(200);
  const up = attachment.parse(res.json());
  return create(who, { type: 'file', upload_id: up.id, ...extra });
}

async function list(who: Member, query = '') {
  const res = await call(who.token, 'GET', url(query));
  expect(res.statusCode, res.body).toBe(200);
  return { items: resourceItem.array().parse(res.json()), headers: pageHeaders(res) };
}
const titles = (items: ResourceItem[]) => items.map((i) => i.title);

describe('resources: reading', () => {
  it('lists the root newest first (nobody ordered it), with file counts and who added what when', async () => {
    const { items, headers } = await list(max);
    expect(titles(items)).toEqual(['Venue map', 'Photos', 'Slides']);
    expect(headers.totalCount).toBe(3);
    const slides = items.find((i) => i.id === ids.slides);
    expect(slides).toMatchObject({ type: 'folder', files_count: 1, can_manage: false, uploaded_by: 'Ada Admin', active: true });
    const map = items.find((i) => i.id === ids.map);
    expect(map).toMatchObject({
      type: 'link',
      url: 'https://maps.example/venue',
      file: null,
      files_count: null,
      uploaded_by: 'Olga Owner',
    });
    expect(Date.parse(map?.uploaded_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(map?.updated_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it("lists a folder's contents and answers one item; files and images carry their stored file", async () => {
    const slides = await list(max, `?folder_id=${ids.slides}`);
    expect(titles(slides.items)).toEqual(['Keynote deck']);
    expect(slides.items[0]).toMatchObject({ type: 'file', folder_id: ids.slides, folder_title: 'Slides' });
    expect(slides.items[0]?.file).toMatchObject({ name: 'keynote.pdf', mime: 'application/pdf' });
    const photo = await ok(await call(max.token, 'GET', url(`/${ids.photo}`)));
    expect(photo).toMatchObject({ type: 'image', title: 'stage.png', file: { mime: 'image/png', width: 40, height: 30 } });
    // A file is no folder to list; another module's folder is not found here.
    expect((await call(max.token, 'GET', url(`?folder_id=${ids.deck}`))).statusCode).toBe(404);
    expect((await call(max.token, 'GET', url(`?folder_id=${ids.slides}`, otherMod))).statusCode).toBe(404);
  });

  it("searches every folder's titles by word prefix, and takes any input as words", async () => {
    expect(titles((await list(max, '?search=keyn')).items)).toEqual(['Keynote deck']);
    expect(titles((await list(max, '?search=VENUE%20map')).items)).toEqual(['Venue map']);
    expect((await list(max, '?search=venue%20keynote')).items).toEqual([]);
    for (const q of ["a'&|!:*()", '<>', '  '])
      expect((await call(max.token, 'GET', url(`?search=${encodeURIComponent(q)}`))).statusCode).toBe(200);
    const long = await call(max.token, 'GET', url(`?search=${'x'.repeat(101)}`));
    expect(long.statusCode).toBe(422);
  });

  it('streams a file to members of the app only, with its type, a safe download name and nosniff', async () => {
    const res = await call(max.token, 'GET', url(`/${ids.deck}/file`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''keynote.pdf");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const img = await call(max.token, 'GET', url(`/${ids.photo}/file?inline=1`));
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['content-disposition']).toBe('inline');
    // A PDF is never inline, whatever is asked; a link has no file.
    expect((await call(max.token, 'GET', url(`/${ids.deck}/file?inline=1`))).headers['content-disposition']).toContain('attachment');
    expect((await call(max.token, 'GET', url(`/${ids.map}/file`))).statusCode).toBe(404);
    // Without a token, with another app's token, or through another module: nothing.
    expect((await t.app.inject({ method: 'GET', url: url(`/${ids.deck}/file`) })).statusCode).toBe(401);
    expect((await call(stranger.token, 'GET', url(`/${ids.deck}/file`))).statusCode).toBe(404);
    expect((await call(max.token, 'GET', url(`/${ids.deck}/file`, otherMod))).statusCode).toBe(404);
  });

  it('answers 404 to a member of another app for every call, and for their items to us', async () => {
    for (const [method, rest, body] of [
      ['GET', '', undefined],
      ['GET', `/${ids.map}`, undefined],
      ['PUT', `/${ids.map}`, { title: 'Mine now' }],
      ['DELETE', `/${ids.map}`, undefined],
      ['POST', '', { type: 'link', title: 'x', url: 'https://x.example/' }],
    ] as const) {
      const res = await call(stranger.token, method, url(rest), body);
      expect(res.statusCode, `${method} ${rest}`).toBe(404);
    }
    expect((await sendUpload(stranger, 'a.png', await png(4, 4))).statusCode).toBe(404);
    expect((await call(max.token, 'GET', url(`/${ids.strangerLink}`))).statusCode).toBe(404);
    expect((await call(max.token, 'GET', url(`/${ids.strangerLink}`, strangerMod))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
  });
});

describe('resources: hidden items', () => {
  it('are invisible to other members in the list, the search, the item and its file', async () => {
    expect(titles((await list(max)).items)).not.toContain('Speaker briefing (draft)');
    expect((await list(max, '?search=briefing')).items).toEqual([]);
    expect((await call(max.token, 'GET', url(`/${ids.draft}`))).statusCode).toBe(404);
    expect((await call(max.token, 'GET', url(`/${ids.draft}/file`))).statusCode).toBe(404);
    expect((await call(max.token, 'PUT', url(`/${ids.draft}`), { title: 'x' })).statusCode).toBe(404);
    expect((await call(max.token, 'DELETE', url(`/${ids.draft}`))).statusCode).toBe(404);
  });

  it('are seen, marked inactive, by their owners: the one who added them and the app owner', async () => {
    const hidden = await ok(await call(olga.token, 'PUT', url(`/${ids.map}`), { active: false }));
    expect(hidden).toMatchObject({ active: false, can_manage: true });
    expect(titles((await list(olga)).items)).toContain('Venue map');
    expect((await list(admin)).items.find((i) => i.id === ids.map)).toMatchObject({ active: false, can_manage: true });
    expect(titles((await list(admin)).items)).toContain('Speaker briefing (draft)');
    expect(titles((await list(olga)).items)).not.toContain('Speaker briefing (draft)');
    expect(titles((await list(max)).items)).not.toContain('Venue map');
    expect((await call(admin.token, 'GET', url(`/${ids.draft}/file`))).statusCode).toBe(200);
    await ok(await call(olga.token, 'PUT', url(`/${ids.map}`), { active: true }));
    expect(titles((await list(max)).items)).toContain('Venue map');
  });

  it('hide what a hidden folder holds, and leave it out of its file count', async () => {
    const extra = await addFile(olga, 'extra.png', await png(8, 8), { folder_id: ids.photos });
    expect((await list(max)).items.find((i) => i.id === ids.photos)?.files_count).toBe(2);
    await ok(await call(olga.token, 'PUT', url(`/${extra.id}`), { active: false }));
    expect((await list(max)).items.find((i) => i.id === ids.photos)?.files_count).toBe(1);
    expect((await list(olga)).items.find((i) => i.id === ids.photos)?.files_count).toBe(2);
    await ok(await call(admin.token, 'PUT', url(`/${ids.photos}`), { active: false }));
    expect(titles((await list(max)).items)).not.toContain('Photos');
    expect((await call(max.token, 'GET', url(`?folder_id=${ids.photos}`))).statusCode).toBe(404);
    expect((await call(max.token, 'GET', url(`/${ids.photo}`))).statusCode).toBe(404);
    expect((await call(max.token, 'GET', url(`/${ids.photo}/file`))).statusCode).toBe(404);
    expect((await list(max, '?search=stage')).items).toEqual([]);
    // Nothing goes into a folder the member does not see.
    const into = await call(max.token, 'POST', url(), { type: 'link', title: 'x', url: 'https://x.example/', folder_id: ids.photos });
    expect(fieldErrorsOf(into)).toEqual([{ field: 'folder_id', message: expect.any(String) }]);
    await ok(await call(admin.token, 'PUT', url(`/${ids.photos}`), { active: true }));
    expect((await call(max.token, 'GET', url(`/${ids.photo}`))).statusCode).toBe(200);
  });
});

describe('resources: adding', () => {
  it('lets the app owner make folders and nobody else', async () => {
    expect((await call(max.token, 'POST', url(), { type: 'folder', title: 'Mine' })).statusCode).toBe(403);
    expect(errorOf(await call(max.token, 'POST', url(), { type: 'folder', title: 'Mine' })).status).toBe(403);
  });

  it('lets any member add a link or a file, at the root or into a folder; an image becomes an image item', async () => {
    const link = await create(max, { type: 'link', title: '  Wi-Fi guide ', url: 'https://wifi.example/guide', folder_id: ids.slides });
    expect(link).toMatchObject({ title: 'Wi-Fi guide', folder_id: ids.slides, can_manage: true, uploaded_by: 'Max Member' });
    const pic = await addFile(
      max,
      'Crowd.JPEG',
      await sharp(await png(30, 20))
        .jpeg()
        .toBuffer(),
    );
    expect(pic).toMatchObject({ type: 'image', title: 'Crowd.jpeg', folder_id: null });
  });

  it('refuses bad input with field messages: links, titles, uploads and folders', async () => {
    const bad = [
      [{ type: 'link', title: 'x', url: 'javascript:alert(1)' }, 'url'],
      [{ type: 'link', title: 'x', url: 'not a url' }, 'url'],
      [{ type: 'link', title: '   ', url: 'https://x.example/' }, 'title'],
      [{ type: 'link', title: 'x'.repeat(151), url: 'https://x.example/' }, 'title'],
      [{ type: 'link', title: 'x', url: 'https://x.example/', folder_id: ids.map }, 'folder_id'],
      [{ type: 'link', title: 'x', url: 'https://x.example/', folder_id: ids.strangerLink }, 'folder_id'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await call(max.token, 'POST', url(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(fieldErrorsOf(res).map((e) => e.field)).toEqual([field]);
    }
    // Someone else's upload, or one already used, is not the caller's to name.
    const up = attachment.parse((await sendUpload(olga, 'o.png', await png(5, 5))).json());
    const theirs = await call(max.token, 'POST', url(), { type: 'file', upload_id: up.id });
    expect(fieldErrorsOf(theirs).map((e) => e.field)).toEqual(['upload_id']);
    await create(olga, { type: 'file', upload_id: up.id });
    expect((await call(olga.token, 'POST', url(), { type: 'file', upload_id: up.id })).statusCode).toBe(422);
  });

  it("refuses uploads too large or of the wrong type with the content kit's texts, in the member's language", async () => {
    const big = await sendUpload(max, 'big.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(250_000, 32)]));
    expect(big.statusCode).toBe(422);
    expect(fieldErrorsOf(big)[0]?.message).toContain('0.2 MB');
    const html = await sendUpload(max, 'page.pdf', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(fieldErrorsOf(html)).toEqual([{ field: 'file', message: expect.stringContaining('PDF') }]);
    const de = await t.app.inject({
      method: 'POST',
      url: `/resources/${mod.id}/uploads`,
      headers: { 'access-token': max.token, cookie: 'locale=de_DE', ...multipart('file', 'x.txt', Buffer.from('hello')).headers },
      payload: multipart('file', 'x.txt', Buffer.from('hello')).payload,
    });
    expect(fieldErrorsOf(de)[0]?.message).toContain('Datei');
  });

  it('scales an image over 1600 px to a JPEG', async () => {
    const huge = await addFile(max, 'poster.png', await png(2400, 1200));
    expect(huge.file).toMatchObject({ mime: 'image/jpeg', width: 1600, height: 800, name: 'poster.jpg' });
  });
});

describe('resources: owners', () => {
  it('lets the one who added an item rename it; another member gets 403; the app owner may too', async () => {
    const renamed = await ok(await call(olga.token, 'PUT', url(`/${ids.deck}`), { title: 'Keynote slides' }));
    expect(renamed).toMatchObject({ title: 'Keynote slides', can_manage: true });
    expect(Date.parse(renamed.updated_at)).toBeGreaterThanOrEqual(Date.parse(renamed.uploaded_at));
    expect((await call(max.token, 'PUT', url(`/${ids.deck}`), { title: 'Hijacked' })).statusCode).toBe(403);
    expect((await call(max.token, 'PUT', url(`/${ids.deck}`), { active: false })).statusCode).toBe(403);
    expect((await call(max.token, 'DELETE', url(`/${ids.deck}`))).statusCode).toBe(403);
    expect((await ok(await call(admin.token, 'PUT', url(`/${ids.deck}`), { title: 'Keynote' }))).title).toBe('Keynote');
    expect((await ok(await call(max.token, 'GET', url(`/${ids.deck}`)))).can_manage).toBe(false);
  });

  it('refuses a blank or too long title with a field message', async () => {
    for (const title of ['', '   ', 'x'.repeat(151)]) {
      const res = await call(olga.token, 'PUT', url(`/${ids.deck}`), { title });
      expect(res.statusCode).toBe(422);
      expect(fieldErrorsOf(res)).toEqual([{ field: 'title', message: expect.any(String) }]);
    }
    const de = await call(olga.token, 'PUT', url(`/${ids.deck}`), { title: '' }, { cookie: 'locale=de_DE' });
    const en = await call(olga.token, 'PUT', url(`/${ids.deck}`), { title: '' });
    expect(fieldErrorsOf(de)[0]?.message).not.toBe(fieldErrorsOf(en)[0]?.message);
  });

  it('deletes an item with its stored file', async () => {
    const item = await addFile(max, 'gone.pdf', demoPdf(['Gone']));
    const [row] = await t.app.ctx.db.select().from(uploads).where(eq(uploads.name, 'gone.pdf'));
    if (!row) throw new Error('no upload');
    const file = `files/${row.path}`;
    expect(await storedExists(t.app, file)).toBe(true);
    expect((await call(max.token, 'DELETE', url(`/${item.id}`))).json()).toEqual({ success: true });
    expect((await call(max.token, 'GET', url(`/${item.id}`))).statusCode).toBe(404);
    expect(await storedExists(t.app, file)).toBe(false);
    expect(await t.app.ctx.db.select().from(uploads).where(eq(uploads.id, row.id))).toEqual([]);
  });

  it('deletes a folder with everything in it, files included, in one go (app owner)', async () => {
    const folder = await create(admin, { type: 'folder', title: 'Old handouts' });
    const a = await addFile(olga, 'a.pdf', demoPdf(['A']), { folder_id: folder.id });
    const b = await create(max, { type: 'link', title: 'B', url: 'https://b.example/', folder_id: folder.id });
    const [row] = await t.app.ctx.db.select().from(uploads).where(eq(uploads.name, 'a.pdf'));
    expect((await call(olga.token, 'DELETE', url(`/${folder.id}`))).statusCode).toBe(403);
    expect((await call(admin.token, 'DELETE', url(`/${folder.id}`))).statusCode).toBe(200);
    for (const id of [folder.id, a.id, b.id]) expect((await call(admin.token, 'GET', url(`/${id}`))).statusCode).toBe(404);
    expect(await storedExists(t.app, `files/${row?.path ?? 'x'}`)).toBe(false);
  });

  it('limits writes per member (429), not per app', async () => {
    const busy = await makeUser(t, tenant);
    let last = 0;
    for (let i = 0; i <= WRITES; i++) {
      last = (await call(busy.token, 'POST', url(), { type: 'link', title: `L${i}`, url: 'https://l.example/' })).statusCode;
      if (last === 429) break;
    }
    expect(last).toBe(429);
    expect((await call(max.token, 'PUT', url(`/${ids.slides}`), { title: 'x' })).statusCode).toBe(403);
  });
});

describe('resources: live', () => {
  it('sends new, renamed, hidden and deleted items to the module’s watchers, each as they may see it', async () => {
    const watcher = socketClient(base, max.token);
    const owner = socketClient(base, olga.token);
    const elsewhere = socketClient(base, stranger.token);
    await Promise.all([connected(watcher), connected(owner), connected(elsewhere)]);
    type Change = { id: number; item: ResourceItem | null; hidden: boolean };
    const seen: Change[] = [];
    const own: Change[] = [];
    const leaked: unknown[] = [];
    watcher.on('resourceChanged', (p: Change) => seen.push(p));
    owner.on('resourceChanged', (p: Change) => own.push(p));
    elsewhere.on('resourceChanged', (p: unknown) => leaked.push(p));
    watcher.emit('resourcesWatch', { app_module_id: mod.id, watch: true });
    owner.emit('resourcesWatch', { app_module_id: mod.id, watch: true });
    elsewhere.emit('resourcesWatch', { app_module_id: mod.id, watch: true });
    await sleep(200);
    const link = await create(olga, { type: 'link', title: 'Live link', url: 'https://live.example/' });
    await until(() => seen.some((c) => c.id === link.id && c.item?.title === 'Live link'));
    expect(seen.find((c) => c.id === link.id)?.item?.can_manage).toBe(false);
    await until(() => own.some((c) => c.id === link.id && c.item?.can_manage === true));
    await ok(await call(olga.token, 'PUT', url(`/${link.id}`), { title: 'Live link, renamed' }));
    await until(() => seen.some((c) => c.item?.title === 'Live link, renamed'));
    await ok(await call(olga.token, 'PUT', url(`/${link.id}`), { active: false }));
    await until(() => seen.some((c) => c.id === link.id && c.item === null && c.hidden));
    // The owner keeps it, marked inactive; nothing of it reaches the other members.
    await until(() => own.some((c) => c.id === link.id && c.item?.active === false));
    expect(JSON.stringify(seen.filter((c) => c.hidden))).not.toContain('Live link');
    expect((await call(olga.token, 'DELETE', url(`/${link.id}`))).statusCode).toBe(200);
    await until(() => seen.some((c) => c.id === link.id && c.item === null && !c.hidden));
    expect(leaked).toEqual([]);
    watcher.disconnect();
    owner.disconnect();
    elsewhere.disconnect();
  });
});

describe('resources: demo content', () => {
  it('seeds folders and links in both demo apps (files only where a files folder exists)', async () => {
    const rows = await t.app.ctx.db
      .select({ key: apps.key, title: resourceItems.title, type: resourceItems.type })
      .from(resourceItems)
      .innerJoin(apps, eq(apps.id, resourceItems.appId));
    const of = (key: string) => rows.filter((r) => r.key === key).map((r) => `${r.type}:${r.title}`);
    expect(of('demo')).toEqual(
      expect.arrayContaining([
        'folder:Slides',
        'folder:Photos',
        'folder:Sponsor kit',
        'link:Venue map',
        'link:Wi-Fi guide',
        'link:Code of conduct',
      ]),
    );
    expect(of('demo-dark')).toEqual(expect.arrayContaining(['folder:Handouts', 'link:House rules']));
  });

  it('makes valid PDFs: header, objects and a cross-reference table whose offsets point at them', () => {
    const bytes = demoPdf(['Title (draft)', 'A line']).toString('latin1');
    expect(bytes.startsWith('%PDF-1.4')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(bytes)?.[1]);
    expect(bytes.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...bytes.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    for (const [i, o] of offsets.entries()) expect(bytes.slice(o, o + 8)).toBe(`${i + 1} 0 obj\n`);
    expect(bytes).toContain('(Title \\(draft\\)) Tj');
  });
});
