import type { AddressInfo } from 'node:net';
import { type Attachment, attachment as attachmentSchema } from '@app/contract/schemas/content';
import { listing, listingDetail } from '@app/contract/schemas/marketplace';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { errorOf, fieldErrorsOf, fieldsOf, multipart, pageHeaders } from '../../../test/helpers.ts';
import { connected, socketClient, until } from '../../../test/sockets.ts';
import { storedExists } from '../../../test/storage.ts';
import type { ModuleRow } from '../apps/apps.queries.ts';
import { uploads } from '../content/content.table.ts';
import { caller, type Member } from '../content/content.test-kit.ts';
import { marketplaceFlags, marketplaceItems } from './marketplace.table.ts';

// Marketplace (spec 3): members list, search, read, report, and offer, edit and delete their own
// listings with photos (held uploads); the app owner deletes any; another app's member gets 404.

let t: TestApp;
let mod: ModuleRow;
let otherMod: ModuleRow;
let anna: Member;
let ben: Member;
let owner: Member;
let stranger: Member;
let strangerMod: ModuleRow;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 1000, writes: 1000, windowMs: 60_000 } }, { users: 0 });
  const tenant = await makeTenant(t, { modules: ['marketplace', 'marketplace'], currencySymbol: '€' });
  [mod, otherMod] = tenant.modules as [ModuleRow, ModuleRow];
  anna = await makeUser(t, tenant, { firstName: 'Anna', lastName: 'Able' });
  ben = await makeUser(t, tenant, { firstName: 'Ben', lastName: 'Baker' });
  owner = await makeUser(t, tenant, { firstName: 'Olga', lastName: 'Owner', isAdmin: true });
  const other = await makeTenant(t, { modules: ['marketplace'] });
  strangerMod = other.modules[0] as ModuleRow;
  stranger = await makeUser(t, other);
});
afterAll(() => t.close());

const call = caller(() => t);
const url = (rest = '', m: ModuleRow = mod) => `/marketplace/${m.id}${rest}`;
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function postFile(who: Member, target: string, name: string, data: Buffer) {
  const body = multipart('file', name, data);
  return t.app.inject({ method: 'POST', url: target, headers: { 'access-token': who.token, ...body.headers }, payload: body.payload });
}

async function photo(who: Member, m: ModuleRow = mod): Promise<Attachment> {
  const res = await postFile(who, url('/uploads', m), 'desk.png', await png());
  expect(res.statusCode, res.body).toBe(200);
  return attachmentSchema.parse(res.json());
}

async function create(who: Member, body: Record<string, unknown>, m: ModuleRow = mod) {
  const res = await call(who.token, 'POST', url('/items', m), body);
  expect(res.statusCode, res.body).toBe(200);
  return listingDetail.parse(res.json());
}

describe('listings', () => {
  it('creates a listing with photos, shows it in the list and its detail, escapes the text', async () => {
    const [p1, p2] = [await photo(anna), await photo(anna)];
    const item = await create(anna, {
      title: '  Standing desk  ',
      description: 'Oak top <script>alert(1)</script>\n\nSecond paragraph\nwith a line',
      price: 240.5,
      photo_ids: [p2.id, p1.id],
    });
    expect(item).toMatchObject({ title: 'Standing desk', price_cents: 24050, mine: true, can_delete: true, reported: false });
    expect(item.seller).toMatchObject({ id: anna.user.id, fullname: 'Anna Able' });
    expect(item.description).toBe('<p>Oak top &lt;script&gt;alert(1)&lt;/script&gt;</p><p>Second paragraph<br />with a line</p>');
    expect(item.photos.map((p) => p.id)).toEqual([p2.id, p1.id]);
    expect(item.photo).toBe(item.photos[0]?.url);
    // The photo is served by its signed URL, and held: the orphan sweep leaves it.
    expect((await t.app.inject({ url: item.photos[0]?.url ?? '' })).statusCode).toBe(200);
    const held = await t.app.ctx.db
      .select()
      .from(uploads)
      .where(inArray(uploads.id, [p1.id, p2.id]));
    expect(held.every((u) => u.held)).toBe(true);

    const seen = await call(ben.token, 'GET', url(`/items/${item.id}`));
    expect(listingDetail.parse(seen.json())).toMatchObject({ mine: false, can_delete: false, title: 'Standing desk' });
    const asOwner = listingDetail.parse((await call(owner.token, 'GET', url(`/items/${item.id}`))).json());
    expect(asOwner).toMatchObject({ mine: false, can_delete: true });
  });

  it('lists newest first with paging headers and searches by word prefix', async () => {
    await create(ben, { title: 'Camera body', description: 'Mirrorless, two batteries', price: 520 });
    await create(ben, { title: 'Conference day pass', description: 'Thursday only', price: null });
    const res = await call(anna.token, 'GET', url('/items?per-page=2'));
    expect(res.statusCode).toBe(200);
    const page = res.json().map((x: unknown) => listing.parse(x));
    expect(page.map((l: { title: string }) => l.title)).toEqual(['Conference day pass', 'Camera body']);
    expect(pageHeaders(res)).toMatchObject({ totalCount: 3, pageCount: 2, currentPage: 1, perPage: 2 });
    expect(page[0].price_cents).toBeNull();
    const found = (await call(anna.token, 'GET', url('/items?search=mirror'))).json();
    expect(found.map((l: { title: string }) => l.title)).toEqual(['Camera body']);
    const none = await call(anna.token, 'GET', url('/items?search=zzzz'));
    expect(none.json()).toEqual([]);
    // Another module of the same app has its own list.
    expect((await call(anna.token, 'GET', url('/items', otherMod))).json()).toEqual([]);
    expect(fieldsOf(await call(anna.token, 'GET', url(`/items?search=${'x'.repeat(101)}`)))).toEqual(['search']);
  });

  it('answers 422 with translated field messages for every bad input', async () => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{}, ['title']],
      [{ title: '   ' }, ['title']],
      [{ title: 'x'.repeat(121) }, ['title']],
      [{ title: 'Ok', description: 'x'.repeat(5001) }, ['description']],
      [{ title: 'Ok', price: -1 }, ['price']],
      [{ title: 'Ok', price: 1.005 }, ['price']],
      [{ title: 'Ok', price: 'ten' }, ['price']],
      [{ title: 'Ok', price: 10_000_001 }, ['price']],
      [{ title: 'Ok', photo_ids: [1, 2, 3, 4, 5, 6, 7] }, ['photo_ids']],
      [{ title: 'Ok', photo_ids: 'x' }, ['photo_ids']],
    ];
    for (const [body, fields] of cases) {
      const res = await call(anna.token, 'POST', url('/items'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(fieldsOf(res), JSON.stringify(body)).toEqual(fields);
    }
    const de = await call(anna.token, 'POST', url('/items'), { title: '' }, { 'accept-language': 'de-DE' });
    expect(fieldErrorsOf(de)[0]?.message).not.toMatch(/marketplace\./);
    // Another member's upload, an upload already held, a PDF: 422 on photo_ids / file, nothing stored.
    const bens = await photo(ben);
    const before = (await t.app.ctx.db.select().from(marketplaceItems)).length;
    expect(fieldsOf(await call(anna.token, 'POST', url('/items'), { title: 'Stolen', photo_ids: [bens.id] }))).toEqual(['photo_ids']);
    const mine = await photo(anna);
    await create(anna, { title: 'First', photo_ids: [mine.id] });
    expect(fieldsOf(await call(anna.token, 'POST', url('/items'), { title: 'Twice', photo_ids: [mine.id] }))).toEqual(['photo_ids']);
    expect((await t.app.ctx.db.select().from(marketplaceItems)).length).toBe(before + 1);
    const pdf = await postFile(anna, url('/uploads'), 'doc.pdf', PDF);
    expect(pdf.statusCode).toBe(422);
    expect(fieldsOf(pdf)).toEqual(['file']);
  });

  it('lets the seller edit (photos replaced, dropped ones deleted) and nobody else', async () => {
    const [a, b] = [await photo(anna), await photo(anna)];
    const item = await create(anna, { title: 'Lens', price: 190, photo_ids: [a.id, b.id] });
    const [gone] = await t.app.ctx.db.select().from(uploads).where(eq(uploads.id, a.id));
    const c = await photo(anna);
    const res = await call(anna.token, 'PUT', url(`/items/${item.id}`), { title: 'Lens 35 mm', price: 170, photo_ids: [b.id, c.id] });
    expect(res.statusCode, res.body).toBe(200);
    const edited = listingDetail.parse(res.json());
    expect(edited).toMatchObject({ title: 'Lens 35 mm', price_cents: 17000 });
    expect(edited.photos.map((p) => p.id)).toEqual([b.id, c.id]);
    expect(await t.app.ctx.db.select().from(uploads).where(eq(uploads.id, a.id))).toEqual([]);
    expect(await storedExists(t.app, `files/${gone?.path ?? 'x'}`)).toBe(false);
    for (const who of [ben, owner]) {
      const r = await call(who.token, 'PUT', url(`/items/${item.id}`), { title: 'Mine now' });
      expect(r.statusCode).toBe(403);
    }
    expect(fieldsOf(await call(anna.token, 'PUT', url(`/items/${item.id}`), { title: '' }))).toEqual(['title']);
  });

  it('keeps the photos in the order the seller sets (the first is the cover, on the grid and the details); 422 for a photo not theirs or twice', async () => {
    const [a, b, c] = [await photo(anna), await photo(anna), await photo(anna)];
    const item = await create(anna, { title: 'Tripod', photo_ids: [a.id, b.id, c.id] });
    const put = (photo_ids: number[]) => call(anna.token, 'PUT', url(`/items/${item.id}`), { title: 'Tripod', photo_ids });
    // Reordered, c made the cover.
    const res = await put([c.id, a.id, b.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(listingDetail.parse(res.json()).photos.map((p) => p.id)).toEqual([c.id, a.id, b.id]);
    const details = listingDetail.parse((await call(ben.token, 'GET', url(`/items/${item.id}`))).json());
    expect(details.photos.map((p) => p.id)).toEqual([c.id, a.id, b.id]);
    const card = listing.array().parse((await call(ben.token, 'GET', url('/items?search=Tripod'))).json())[0];
    expect(card?.photo?.split('?')[0]).toBe(`/files/${c.id}`);
    // Refused, nothing changed: twice the same photo, another member's photo, another listing's photo.
    const other = await create(anna, { title: 'Bag', photo_ids: [(await photo(anna)).id] });
    const bens = await photo(ben);
    const cases: Array<[number[], string]> = [
      [[c.id, c.id, a.id, b.id], 'A photo can be added only once'],
      [[bens.id, c.id, a.id, b.id], 'A photo is no longer available. Please upload it again.'],
      [[other.photos[0]?.id ?? 0, c.id, a.id, b.id], 'A photo is no longer available. Please upload it again.'],
    ];
    for (const [ids, message] of cases) {
      const r = await put(ids);
      expect(r.statusCode, r.body).toBe(422);
      expect(fieldErrorsOf(r)).toEqual([{ field: 'photo_ids', message }]);
    }
    const still = listingDetail.parse((await call(anna.token, 'GET', url(`/items/${item.id}`))).json());
    expect(still.photos.map((p) => p.id)).toEqual([c.id, a.id, b.id]);
    expect((await t.app.ctx.db.select().from(uploads).where(eq(uploads.id, bens.id)))[0]?.held).toBe(false);
  });

  it('lets the seller and the app owner delete, not another member; the photos go too', async () => {
    const p = await photo(ben);
    const item = await create(ben, { title: 'Bike', price: 30, photo_ids: [p.id] });
    expect((await call(anna.token, 'DELETE', url(`/items/${item.id}`))).statusCode).toBe(403);
    expect((await call(owner.token, 'DELETE', url(`/items/${item.id}`))).json()).toEqual({ success: true });
    expect((await call(ben.token, 'GET', url(`/items/${item.id}`))).statusCode).toBe(404);
    expect(await t.app.ctx.db.select().from(uploads).where(eq(uploads.id, p.id))).toEqual([]);
    const own = await create(ben, { title: 'Plant' });
    expect((await call(ben.token, 'DELETE', url(`/items/${own.id}`))).statusCode).toBe(200);
    expect((await call(ben.token, 'DELETE', url(`/items/${own.id}`))).statusCode).toBe(404);
  });

  it('records a report once per member', async () => {
    const item = await create(anna, { title: 'Books' });
    for (let i = 0; i < 2; i++) expect((await call(ben.token, 'POST', url(`/items/${item.id}/flag`))).json()).toEqual({ success: true });
    expect(await t.app.ctx.db.select().from(marketplaceFlags).where(eq(marketplaceFlags.itemId, item.id))).toHaveLength(1);
    expect(listingDetail.parse((await call(ben.token, 'GET', url(`/items/${item.id}`))).json()).reported).toBe(true);
    expect(listingDetail.parse((await call(anna.token, 'GET', url(`/items/${item.id}`))).json()).reported).toBe(false);
  });

  it('answers 404 to another app, another module and unknown ids; 401 without a token', async () => {
    const item = await create(anna, { title: 'Private' });
    const p = await photo(anna);
    for (const [method, path, body] of [
      ['GET', url('/items'), undefined],
      ['GET', url(`/items/${item.id}`), undefined],
      ['POST', url('/items'), { title: 'x' }],
      ['PUT', url(`/items/${item.id}`), { title: 'x' }],
      ['DELETE', url(`/items/${item.id}`), undefined],
      ['POST', url(`/items/${item.id}/flag`), undefined],
    ] as const) {
      const res = await call(stranger.token, method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await postFile(stranger, url('/uploads'), 'x.png', await png())).statusCode).toBe(404);
    // The stranger's own module with this app's listing id: 404; their upload id in this app: 422.
    expect((await call(stranger.token, 'GET', url(`/items/${item.id}`, strangerMod))).statusCode).toBe(404);
    expect((await call(stranger.token, 'DELETE', url(`/items/${item.id}`, strangerMod))).statusCode).toBe(404);
    expect(fieldsOf(await call(stranger.token, 'POST', url('/items', strangerMod), { title: 'x', photo_ids: [p.id] }))).toEqual([
      'photo_ids',
    ]);
    expect((await call(anna.token, 'GET', url(`/items/${item.id}`, otherMod))).statusCode).toBe(404);
    expect((await call(anna.token, 'GET', url('/items/999999'))).statusCode).toBe(404);
    expect(errorOf(await t.app.inject({ url: url('/items') })).status).toBe(401);
  });

  it('tells the app’s members live, not another app’s', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const mine = socketClient(base, ben.token);
    const theirs = socketClient(base, stranger.token);
    const got: unknown[] = [];
    const leaked: unknown[] = [];
    mine.on('marketplaceChanged', (e) => got.push(e));
    theirs.on('marketplaceChanged', (e) => leaked.push(e));
    await Promise.all([connected(mine), connected(theirs)]);
    try {
      const item = await create(anna, { title: 'Live one' });
      await until(() => got.length === 1);
      await call(anna.token, 'DELETE', url(`/items/${item.id}`));
      await until(() => got.length === 2);
      expect(got).toEqual([
        { app_module_id: mod.id, item_id: item.id, what: 'created' },
        { app_module_id: mod.id, item_id: item.id, what: 'deleted' },
      ]);
      expect(leaked).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
