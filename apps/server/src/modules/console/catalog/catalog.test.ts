import { consoleCatalogItem } from '@app/contract/schemas/console-catalog';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { fieldErrorsOf, multipart, pageHeaders } from '../../../../test/helpers.ts';
import { connected, socketClient, until } from '../../../../test/sockets.ts';
import type { ModuleRow } from '../../apps/apps.queries.ts';
import { catalogItems } from '../../catalog/catalog.table.ts';
import { consoleAudit } from '../console.table.ts';
import { type Caller, type Cast, consoleCall, makeCast, statusesFor } from '../console.test-kit.ts';

let t: TestApp;
let cast: Cast;
let mod: ModuleRow;
let otherMod: ModuleRow;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 1000, writes: 1000, windowMs: 60_000 } });
  cast = await makeCast(t, { modules: ['catalog', 'news'] });
  mod = cast.tenant.modules.find((m) => m.type === 'catalog') as ModuleRow;
  otherMod = cast.other.modules.find((m) => m.type === 'catalog') as ModuleRow;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => t.close());

const c = (path = '', m: ModuleRow = mod, appId = cast.tenant.app.id) => `/apps/${appId}/catalog/${m.id}${path}`;
const db = () => t.app.ctx.db;
const ONLY_OWNERS = { anon: 401, member: 403, stranger: 404, moderator: 403, owner: 200, operator: 200 };

function upload(who: Caller | undefined, path: string, csv: string | Buffer, filename = 'items.csv') {
  const body = multipart('file', filename, Buffer.isBuffer(csv) ? csv : Buffer.from(csv, 'utf8'), 'text/csv');
  return t.app.inject({
    method: 'POST',
    url: `/console/api${path}`,
    payload: body.payload,
    headers: { ...body.headers, ...(who ? { 'access-token': who.token } : {}) },
  });
}

const attendee = (path: string, m: ModuleRow = mod) =>
  t.app.inject({ method: 'GET', url: `/catalog/${m.id}/items${path}`, headers: { 'access-token': cast.member.token } });

async function create(body: Record<string, unknown>, who: Caller = cast.owner) {
  const res = await consoleCall(t, who, 'POST', c('/items'), body);
  expect(res.statusCode, res.body).toBe(200);
  return consoleCatalogItem.parse(res.json());
}

describe('console catalog: roles and tenants', () => {
  it('lets owners and operators in, 403 beyond the role, 404 from another app, 401 signed out', async () => {
    const item = await create({ name: 'Matrix item' });
    expect(await statusesFor(t, cast, 'GET', c('/items'))).toEqual(ONLY_OWNERS);
    expect(await statusesFor(t, cast, 'GET', c('/categories'))).toEqual(ONLY_OWNERS);
    expect(await statusesFor(t, cast, 'GET', c(`/items/${item.id}`))).toEqual(ONLY_OWNERS);
    expect(await statusesFor(t, cast, 'PUT', c(`/items/${item.id}`), { name: 'Matrix item' })).toEqual(ONLY_OWNERS);
    expect(await statusesFor(t, cast, 'POST', c('/items'), (who: string) => ({ name: `By ${who}` }))).toEqual(ONLY_OWNERS);
    for (const path of ['/import/preview', '/import']) {
      const got: Record<string, number> = {};
      for (const [name, who] of Object.entries({
        anon: undefined,
        member: cast.member,
        stranger: cast.stranger,
        moderator: cast.moderator,
      }))
        got[name] = (await upload(who, c(path), 'name\nX\n')).statusCode;
      expect(got).toEqual({ anon: 401, member: 403, stranger: 404, moderator: 403 });
    }
    for (const path of ['/export.csv', '/template.csv']) {
      const got: Record<string, number> = {};
      for (const [name, who] of Object.entries({
        anon: undefined,
        member: cast.member,
        stranger: cast.stranger,
        moderator: cast.moderator,
        owner: cast.owner,
      }))
        got[name] = (
          await t.app.inject({ method: 'GET', url: `/console/api${c(path)}`, headers: who ? { 'access-token': who.token } : {} })
        ).statusCode;
      expect(got).toEqual({ anon: 401, member: 403, stranger: 404, moderator: 403, owner: 200 });
    }
    expect(await statusesFor(t, cast, 'DELETE', c(`/items/${item.id}`))).toEqual({ ...ONLY_OWNERS, operator: 404 });
  });

  it("answers 404 for another app's module or item, and for a module of another type", async () => {
    const other = await makeTenant(t, { modules: ['catalog'] });
    const foreign = other.modules[0] as ModuleRow;
    const otherOwner = await makeUser(t, other, { isAdmin: true });
    const theirs = await consoleCall(t, { token: otherOwner.token, id: otherOwner.user.id }, 'POST', c('/items', foreign, other.app.id), {
      name: 'Theirs',
    });
    expect(theirs.statusCode).toBe(200);
    const theirId = theirs.json().id as number;
    // Their module under our app, our module under theirs, their item under our module.
    expect((await consoleCall(t, cast.owner, 'GET', c('/items', foreign))).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'GET', c(`/items/${theirId}`))).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'PUT', c(`/items/${theirId}`), { name: 'Mine now' })).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'DELETE', c(`/items/${theirId}`))).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'GET', c('/items', otherMod))).statusCode).toBe(404);
    const news = cast.tenant.modules.find((m) => m.type === 'news') as ModuleRow;
    expect((await consoleCall(t, cast.owner, 'GET', c('/items', news))).statusCode).toBe(404);
    const [still] = await db().select().from(catalogItems).where(eq(catalogItems.id, theirId));
    expect(still?.name).toBe('Theirs');
  });
});

describe('console catalog: items', () => {
  it('creates, edits and deletes an item; the contact never reaches attendees; the description is sanitised', async () => {
    const made = await create({
      name: 'Globex',
      category: 'Sponsor',
      booth: 'B-7',
      logo_url: 'https://example.org/globex.png',
      website: 'https://globex.example/',
      contact_email: 'secret-contact@globex.example',
      description: '<p>Hello <script>alert(1)</script><strong>world</strong></p>',
    });
    expect(made).toMatchObject({ name: 'Globex', category: 'Sponsor', booth: 'B-7', contact_email: 'secret-contact@globex.example' });
    expect(made.description).not.toContain('script');
    expect(made.description).toContain('<strong>world</strong>');
    const list = await attendee('?search=globex');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id: made.id, name: 'Globex', category: 'Sponsor', location: 'B-7' })]);
    const one = await t.app.inject({
      method: 'GET',
      url: `/catalog/${mod.id}/items/${made.id}`,
      headers: { 'access-token': cast.member.token },
    });
    expect(one.statusCode).toBe(200);
    for (const body of [list.body, one.body]) expect(body).not.toContain('secret-contact');
    expect(one.json()).toMatchObject({ can_buy: true, website: 'https://globex.example/' });

    const edited = await consoleCall(t, cast.owner, 'PUT', c(`/items/${made.id}`), {
      name: 'Globex Corp',
      category: 'Gold sponsor',
      contact_email: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Globex Corp', category: 'Gold sponsor', booth: '', contact_email: '' });
    // The attendees' cached list follows at once (the console drops it).
    expect((await attendee('?search=globex')).json()[0]).toMatchObject({ name: 'Globex Corp', category: 'Gold sponsor' });
    const cats = await consoleCall(t, cast.owner, 'GET', c('/categories'));
    expect(cats.json()).toContain('Gold sponsor');

    const found = await consoleCall(t, cast.owner, 'GET', c('/items?q=globex'));
    expect(found.json().map((i: { id: number }) => i.id)).toEqual([made.id]);
    expect(pageHeaders(found).totalCount).toBe(1);

    expect((await consoleCall(t, cast.owner, 'DELETE', c(`/items/${made.id}`))).statusCode).toBe(200);
    expect((await consoleCall(t, cast.owner, 'GET', c(`/items/${made.id}`))).statusCode).toBe(404);
    expect((await attendee('?search=globex')).json()).toEqual([]);
    const actions = (await db().select().from(consoleAudit).where(eq(consoleAudit.appId, cast.tenant.app.id))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['catalog.create', 'catalog.update', 'catalog.delete']));
  });

  it('answers 422 with field messages for bad input', async () => {
    const bad = await consoleCall(t, cast.owner, 'POST', c('/items'), {
      name: ' ',
      website: 'javascript:alert(1)',
      logo_url: 'ftp://x.example/a.png',
      contact_email: 'not-an-address',
      category: 'x'.repeat(101),
    });
    const fields = fieldErrorsOf(bad)
      .map((f) => f.field)
      .sort();
    expect(fields).toEqual(['category', 'contact_email', 'logo_url', 'name', 'website']);
    const deep = await consoleCall(t, cast.owner, 'POST', c('/items'), { name: 'Deep', description: `${'<div>'.repeat(40)}x` });
    expect(fieldErrorsOf(deep).map((f) => f.field)).toEqual(['description']);
    const protocolRelative = await consoleCall(t, cast.owner, 'POST', c('/items'), { name: 'X', logo_url: '//evil.example/x.png' });
    expect(fieldErrorsOf(protocolRelative).map((f) => f.field)).toEqual(['logo_url']);
    // A logo of this server (as the demo's) is kept as a path.
    expect((await create({ name: 'Local logo', logo_url: '/uploads/catalog/x.svg' })).logo_url).toBe('/uploads/catalog/x.svg');
    const unknown = await consoleCall(t, cast.owner, 'POST', c('/items'), { name: 'X', secret: 1 });
    expect(unknown.statusCode).toBe(422);
  });

  it('tells open attendee screens of the app that the catalog changed', async () => {
    const sock = socketClient(base, cast.member.token);
    try {
      await connected(sock);
      const got: Array<{ app_module_id: number }> = [];
      sock.on('catalogChanged', (p: { app_module_id: number }) => got.push(p));
      await create({ name: 'Live item' });
      await until(() => got.length > 0);
      expect(got[0]).toEqual({ app_module_id: mod.id });
    } finally {
      sock.close();
    }
  });
});

describe('console catalog: CSV import and export', () => {
  const csv = [
    'id,name,category,booth,website,contact_email,description',
    'EXH-1,Initech,Exhibitor,A-1,https://initech.example/,sales@initech.example,<p>Printers</p>',
    'EXH-2,Hooli,Sponsor,A-2,,,Search',
    ',Pied Piper,Startup,,,,',
  ].join('\r\n');

  it('previews created, changed and unchanged rows without writing; errors come with line and column', async () => {
    const before = await db().select().from(catalogItems).where(eq(catalogItems.appModuleId, mod.id));
    const p = await upload(cast.owner, c('/import/preview'), csv);
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({ to_create: 3, to_change: 0, unchanged: 0, errors: [] });
    const after = await db().select().from(catalogItems).where(eq(catalogItems.appModuleId, mod.id));
    expect(after.length).toBe(before.length);

    const bad = ['id;name;website;contact_email;colour', 'X1;;https://ok.example/;a@b.example;red'].join('\n');
    const unknown = (await upload(cast.owner, c('/import/preview'), bad)).json();
    expect(unknown.errors).toEqual([{ line: 1, column: 'colour', message: expect.stringContaining('Unknown column') }]);
    const rows = [
      'id;name;website;contact_email;booth',
      'X1;;https://ok.example/;a@b.example;1',
      'X2;Evil;javascript:x;nope;=1+2',
      'X2;Twice;;;',
      'X3;Fine;;;',
    ].join('\n');
    const e = (await upload(cast.owner, c('/import/preview'), rows)).json();
    expect(e.errors.map((x: { line: number; column: string }) => `${x.line}:${x.column}`)).toEqual([
      '2:name',
      '3:booth',
      '3:website',
      '3:contact_email',
      '4:id',
    ]);
    expect(e.to_create).toBe(1);
    const refused = await upload(cast.owner, c('/import'), rows);
    expect(refused.statusCode).toBe(422);
    expect(fieldErrorsOf(refused)[0]?.field).toBe('_popup');
    const none = await db().select().from(catalogItems).where(eq(catalogItems.externalId, 'X3'));
    expect(none).toEqual([]);
  });

  it('refuses a file that is not CSV, too large, or missing', async () => {
    const png = await upload(cast.owner, c('/import/preview'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]), 'logo.csv');
    expect(png.json().errors[0]).toMatchObject({ line: 1, column: '' });
    const named = await upload(cast.owner, c('/import/preview'), 'name\nA\n', 'items.xlsx');
    expect(named.json().errors).toHaveLength(1);
    const big = await upload(cast.owner, c('/import/preview'), Buffer.alloc(50 * 1024 * 1024 + 10, 0x61));
    expect(fieldErrorsOf(big)[0]).toMatchObject({ field: 'file' });
    const noFile = await consoleCall(t, cast.owner, 'POST', c('/import/preview'), {});
    expect(fieldErrorsOf(noFile)[0]).toMatchObject({ field: 'file' });
  });

  it('imports in one go, and a second import of the same file changes nothing; an edited file changes by id', async () => {
    const first = await upload(cast.owner, c('/import'), csv);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ created: 3, changed: 0, unchanged: 0 });
    const initech = await db().select().from(catalogItems).where(eq(catalogItems.externalId, 'EXH-1'));
    expect(initech).toHaveLength(1);
    expect(initech[0]).toMatchObject({
      name: 'Initech',
      location: 'A-1',
      contactEmail: 'sales@initech.example',
      descriptionHtml: '<p>Printers</p>',
    });

    const again = await upload(cast.owner, c('/import/preview'), csv);
    // The row without an id is always new; the two with ids are unchanged.
    expect(again.json()).toMatchObject({ to_create: 1, to_change: 0, unchanged: 2 });

    const edited = 'id,name,booth\nEXH-1,Initech,Hall B\nEXH-2,Hooli,A-2\n';
    const preview = (await upload(cast.owner, c('/import/preview'), edited)).json();
    expect(preview).toMatchObject({ to_create: 0, to_change: 1, unchanged: 1 });
    expect(preview.rows[0]).toMatchObject({ line: 2, action: 'change', id: 'EXH-1', changes: ['booth'] });
    expect((await upload(cast.owner, c('/import'), edited)).json()).toEqual({ created: 0, changed: 1, unchanged: 1 });
    expect((await upload(cast.owner, c('/import'), edited)).json()).toEqual({ created: 0, changed: 0, unchanged: 2 });
    const [moved] = await db().select().from(catalogItems).where(eq(catalogItems.externalId, 'EXH-1'));
    // Columns the file lacks stay as they were.
    expect(moved).toMatchObject({ location: 'Hall B', contactEmail: 'sales@initech.example', category: 'Exhibitor' });
    // Another module's items with the same source id are its own.
    const otherOwner = cast.operator;
    const theirs = await upload(otherOwner, c('/import', otherMod, cast.other.app.id), csv);
    expect(theirs.json()).toEqual({ created: 3, changed: 0, unchanged: 0 });
    const actions = (await db().select().from(consoleAudit).where(eq(consoleAudit.appId, cast.tenant.app.id))).map((r) => r.action);
    expect(actions).toContain('catalog.import');
  });

  it('exports every item with formula-safe cells, and the export imports back unchanged', async () => {
    await create({ name: '=cmd|calc', category: '+Plus', booth: '@home', description: '-minus' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/console/api${c('/export.csv')}`,
      headers: { 'access-token': cast.owner.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const text = res.body.replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe('id,name,category,booth,logo_url,website,contact_email,description');
    expect(text).toContain(`"'=cmd|calc","'+Plus","'@home"`);
    for (const line of text.split('\r\n')) for (const cell of line.split(',')) expect(cell).not.toMatch(/^[=+\-@]/);
    expect(text).toContain('EXH-1,Initech');
    const withIds = text
      .split('\r\n')
      .filter((l, i) => i === 0 || l.startsWith('EXH-'))
      .join('\r\n');
    const back = (await upload(cast.owner, c('/import/preview'), withIds)).json();
    expect(back).toMatchObject({ to_create: 0, to_change: 0, unchanged: 2, errors: [] });
    const tpl = await t.app.inject({
      method: 'GET',
      url: `/console/api${c('/template.csv')}`,
      headers: { 'access-token': cast.owner.token },
    });
    expect(tpl.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('id,name,category,booth,logo_url,website,contact_email,description');
    const tplPreview = (await upload(cast.owner, c('/import/preview'), tpl.rawPayload)).json();
    expect(tplPreview).toMatchObject({ to_create: 1, errors: [] });
  });
});
