import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { MENU_ICONS } from '@app/contract/schemas/console-menu';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_ICON_PATHS } from '../../../../../console/src/features/menu/menu-icon-paths.ts';
import { makeUser } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { fieldErrorsOf, sleep } from '../../../../test/helpers.ts';
import { connected, socketClient, until } from '../../../../test/sockets.ts';
import { appModules, apps } from '../../apps/apps.table.ts';
import { catalogItems } from '../../catalog/catalog.table.ts';
import { contentComments, contentPosts } from '../../content/content.table.ts';
import { bubbles } from '../../users/users.table.ts';
import { consoleAudit } from '../console.table.ts';
import { type Caller, type Cast, consoleCall, makeCast, statusesFor } from '../console.test-kit.ts';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const OWNER_ONLY = { anon: 401, member: 403, stranger: 404, moderator: 403, owner: 200, operator: 200 };
const menuUrl = (cast: Cast) => `/apps/${cast.tenant.app.id}/menu`;

interface Mod {
  id: number;
  type: string;
  name: string;
  icon_name: string;
  position: number;
  is_active: boolean;
  params: Record<string, unknown>;
  content: Array<{ kind: string; count: number }>;
}

async function list(cast: Cast, who: Caller = cast.owner): Promise<Mod[]> {
  const res = await consoleCall(t, who, 'GET', menuUrl(cast));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { modules: Mod[] }).modules;
}

/** The attendee app's menu as a member reads it (names in order). */
async function attendeeMenu(token: string): Promise<Array<{ app_module_id: number; name: string; icon_name: string }>> {
  const res = await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().menu;
}

async function auditOf(appId: number, action: string) {
  return t.app.ctx.db
    .select()
    .from(consoleAudit)
    .where(and(eq(consoleAudit.appId, appId), eq(consoleAudit.action, action)));
}

describe('console menu: roles', () => {
  it('lets only the app owner and operators read and change the menu', async () => {
    const cast = await makeCast(t, { modules: ['news', 'webview', 'forums'] });
    const [news, webview, forums] = cast.tenant.modules;
    if (!news || !webview || !forums) throw new Error('no modules');
    expect(await statusesFor(t, cast, 'GET', menuUrl(cast))).toEqual(OWNER_ONLY);
    expect(await statusesFor(t, cast, 'POST', menuUrl(cast), { type: 'blogs' })).toEqual(OWNER_ONLY);
    expect(await statusesFor(t, cast, 'PUT', `${menuUrl(cast)}/${news.id}`, { name: 'Updates' })).toEqual(OWNER_ONLY);
    const ids = (await list(cast)).map((m) => m.id);
    expect(await statusesFor(t, cast, 'PUT', `${menuUrl(cast)}/order`, { ids: [...ids].reverse() })).toEqual(OWNER_ONLY);
    // A delete succeeds once: every caller but the owner is tried first, then the owner and the operator on two modules.
    const refused: Record<string, number> = {};
    for (const [name, who] of [
      ['anon', undefined],
      ['member', cast.member],
      ['stranger', cast.stranger],
      ['moderator', cast.moderator],
    ] as const) {
      refused[name] = (await consoleCall(t, who, 'DELETE', `${menuUrl(cast)}/${news.id}`)).statusCode;
    }
    expect(refused).toEqual({ anon: 401, member: 403, stranger: 404, moderator: 403 });
    expect((await consoleCall(t, cast.owner, 'DELETE', `${menuUrl(cast)}/${news.id}`)).statusCode).toBe(200);
    expect((await consoleCall(t, cast.operator, 'DELETE', `${menuUrl(cast)}/${webview.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for a module of another app, and for an app that does not exist', async () => {
    const cast = await makeCast(t, { modules: ['news'] });
    const theirs = cast.other.modules[0];
    if (!theirs) throw new Error('no module');
    for (const who of [cast.owner, cast.operator]) {
      expect((await consoleCall(t, who, 'PUT', `${menuUrl(cast)}/${theirs.id}`, { name: 'Mine now' })).statusCode).toBe(404);
      expect((await consoleCall(t, who, 'DELETE', `${menuUrl(cast)}/${theirs.id}`)).statusCode).toBe(404);
    }
    expect((await consoleCall(t, cast.operator, 'GET', '/apps/999999/menu')).statusCode).toBe(404);
    const [still] = await t.app.ctx.db.select().from(appModules).where(eq(appModules.id, theirs.id));
    expect(still?.name).toBe('news');
  });
});

describe('console menu: reading', () => {
  it('lists every module in order, hidden ones too, with settings and content counts', async () => {
    const cast = await makeCast(t, { modules: ['news', 'webview', 'catalog', 'settings'] });
    const [news, webview] = cast.tenant.modules;
    if (!news || !webview) throw new Error('no modules');
    await t.app.ctx.db
      .update(appModules)
      .set({ isActive: false, params: { url: 'https://example.org/' } })
      .where(eq(appModules.id, webview.id));
    const author = await makeUser(t, cast.tenant);
    const posts = await t.app.ctx.db
      .insert(contentPosts)
      .values(
        [1, 2, 3].map((i) => ({
          appId: cast.tenant.app.id,
          appModuleId: news.id,
          userId: author.user.id,
          bodyText: `Post ${i}`,
          bodyHtml: `<p>Post ${i}</p>`,
        })),
      )
      .returning({ id: contentPosts.id });
    await t.app.ctx.db
      .insert(contentComments)
      .values({ appId: cast.tenant.app.id, postId: posts[0]?.id ?? 0, userId: author.user.id, body: 'Hi', path: '0001' });
    const mods = await list(cast);
    expect(mods.map((m) => [m.type, m.is_active])).toEqual([
      ['news', true],
      ['webview', false],
      ['catalog', true],
      ['settings', true],
    ]);
    expect(mods[0]?.content).toEqual(
      expect.arrayContaining([
        { kind: 'posts', count: 3 },
        { kind: 'comments', count: 1 },
      ]),
    );
    expect(mods[1]?.params).toEqual({ url: 'https://example.org/' });
    expect(mods[3]?.content).toEqual([]);
  });

  it('counts the demo app’s content for the operator', async () => {
    const cast = await makeCast(t);
    const demo = (await consoleCall(t, cast.operator, 'GET', '/me')).json().apps.find((a: { key: string }) => a.key === 'demo');
    const res = await consoleCall(t, cast.operator, 'GET', `/apps/${demo.id}/menu`);
    expect(res.statusCode).toBe(200);
    const mods = res.json().modules as Mod[];
    expect(mods.length).toBeGreaterThanOrEqual(17);
    expect(mods.find((m) => m.type === 'catalog')?.content.find((c) => c.kind === 'items')?.count).toBeGreaterThan(0);
  });
});

describe('console menu: adding', () => {
  it('adds any type at the end, named in the app’s language with the type’s icon, and logs it', async () => {
    const cast = await makeCast(t, { modules: ['news'] });
    await t.app.ctx.db.update(apps).set({ locale: 'de_DE' }).where(eq(apps.id, cast.tenant.app.id));
    t.app.ctx.apps.invalidate();
    const res = await consoleCall(t, cast.owner, 'POST', menuUrl(cast), { type: 'events' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'events', name: 'Veranstaltungen', icon_name: 'events', is_active: true, content: [] });
    const named = await consoleCall(t, cast.owner, 'POST', menuUrl(cast), { type: 'webview', name: '  Tickets ', icon_name: 'globe' });
    expect(named.json()).toMatchObject({ name: 'Tickets', icon_name: 'globe' });
    expect((await list(cast)).map((m) => m.type)).toEqual(['news', 'events', 'webview']);
    const [entry] = await auditOf(cast.tenant.app.id, 'menu.add');
    expect(entry?.after).toMatchObject({ type: 'events', name: 'Veranstaltungen' });
    // All seventeen types.
    for (const type of [
      'profile',
      'networking',
      'forums',
      'chats',
      'activity',
      'agenda',
      'blogs',
      'catalog',
      'marketplace',
      'freeform',
      'resources',
      'settings',
      'twitter',
      'appusers',
    ]) {
      expect((await consoleCall(t, cast.operator, 'POST', menuUrl(cast), { type })).statusCode).toBe(200);
    }
    expect(new Set((await list(cast)).map((m) => m.type)).size).toBe(17);
  });

  it('refuses an unknown type, icon, a blank or too long name with field messages', async () => {
    const cast = await makeCast(t);
    const bad = async (body: unknown) => fieldErrorsOf(await consoleCall(t, cast.owner, 'POST', menuUrl(cast), body));
    expect(await bad({ type: 'wiki' })).toEqual([{ field: 'type', message: 'Choose one of the module types' }]);
    expect(await bad({ type: 'news', icon_name: 'skull' })).toEqual([{ field: 'icon_name', message: 'Choose one of the icons' }]);
    expect(await bad({ type: 'news', name: '   ' })).toEqual([{ field: 'name', message: 'Enter a name' }]);
    expect(await bad({ type: 'news', name: 'x'.repeat(61) })).toEqual([{ field: 'name', message: 'At most 60 characters' }]);
    expect((await bad({ type: 'news', extra: 1 })).map((f) => f.field)).toEqual(['extra']);
    expect(await list(cast)).toEqual([]);
  });
});

describe('console menu: changing', () => {
  it('renames, changes the icon, hides and shows; members see it at once', async () => {
    const cast = await makeCast(t, { modules: ['news', 'agenda'] });
    const [news] = cast.tenant.modules;
    if (!news) throw new Error('no module');
    expect((await attendeeMenu(cast.member.token)).map((m) => m.name)).toEqual(['news', 'agenda']);
    const res = await consoleCall(t, cast.owner, 'PUT', `${menuUrl(cast)}/${news.id}`, { name: 'Latest', icon_name: 'bell' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Latest', icon_name: 'bell' });
    expect((await attendeeMenu(cast.member.token))[0]).toMatchObject({ name: 'Latest', icon_name: 'bell' });
    const [renamed] = await auditOf(cast.tenant.app.id, 'menu.update');
    expect(renamed).toMatchObject({ before: { name: 'news', icon: 'news' }, after: { name: 'Latest', icon: 'bell' } });

    expect((await consoleCall(t, cast.owner, 'PUT', `${menuUrl(cast)}/${news.id}`, { is_active: false })).statusCode).toBe(200);
    expect((await attendeeMenu(cast.member.token)).map((m) => m.name)).toEqual(['agenda']);
    // A hidden module answers "no longer available" to a member who still had it open.
    const gone = await t.app.inject({ url: `/content/${news.id}/posts`, headers: { 'access-token': cast.member.token } });
    expect([404, 406]).toContain(gone.statusCode);
    expect((await list(cast))[0]?.is_active).toBe(false);
    expect(await auditOf(cast.tenant.app.id, 'menu.hide')).toHaveLength(1);
    await consoleCall(t, cast.owner, 'PUT', `${menuUrl(cast)}/${news.id}`, { is_active: true });
    expect((await attendeeMenu(cast.member.token)).map((m) => m.name)).toEqual(['Latest', 'agenda']);
  });

  it('checks each type’s settings: http(s) addresses, an e-mail contact, no unknown keys', async () => {
    const cast = await makeCast(t, { modules: ['webview', 'twitter', 'catalog', 'news'] });
    const [webview, twitter, catalog, news] = cast.tenant.modules;
    if (!webview || !twitter || !catalog || !news) throw new Error('no modules');
    const put = (id: number, params: unknown) => consoleCall(t, cast.owner, 'PUT', `${menuUrl(cast)}/${id}`, { params });
    const url = 'Enter an address starting with http:// or https://';
    for (const bad of ['javascript:alert(1)', 'ftp://example.org/', '/relative', 'https://user:pw@example.org/', 42]) {
      const res = await put(webview.id, { url: bad });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(fieldErrorsOf(res)).toEqual([{ field: 'params.url', message: url }]);
    }
    expect(fieldErrorsOf(await put(webview.id, { url: `https://example.org/${'a'.repeat(2000)}` }))[0]?.field).toBe('params.url');
    expect(fieldErrorsOf(await put(webview.id, { url: 'https://example.org/', target: '_top' }))).toEqual([
      { field: 'params.target', message: 'This module has no such setting' },
    ]);
    expect(fieldErrorsOf(await put(news.id, { url: 'https://example.org/' }))).toEqual([
      { field: 'params.url', message: 'This module has no such setting' },
    ]);
    const ok = await put(webview.id, { url: ' https://tickets.example.org/buy ' });
    expect(ok.json().params).toEqual({ url: 'https://tickets.example.org/buy' });
    const web = await t.app.inject({ url: `/webview/${webview.id}/url`, headers: { 'access-token': cast.member.token } });
    expect(web.json().url).toBe('https://tickets.example.org/buy');
    expect((await put(webview.id, { url: '' })).json().params).toEqual({});

    expect((await put(twitter.id, { url: 'https://blog.example.org/feed.xml' })).json().params).toEqual({
      url: 'https://blog.example.org/feed.xml',
    });
    expect(fieldErrorsOf(await put(catalog.id, { contact_email: 'not-an-address' }))).toEqual([
      { field: 'params.contact_email', message: 'Enter a valid e-mail address' },
    ]);
    expect((await put(catalog.id, { contact_email: 'Sales@Example.org' })).json().params).toEqual({ contact_email: 'sales@example.org' });
    // The catalog's contact serves items without one of their own.
    const [item] = await t.app.ctx.db
      .insert(catalogItems)
      .values({ appId: cast.tenant.app.id, appModuleId: catalog.id, name: 'Stand 1' })
      .returning({ id: catalogItems.id });
    const detail = await t.app.inject({ url: `/catalog/${catalog.id}/items/${item?.id}`, headers: { 'access-token': cast.member.token } });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().can_buy).toBe(true);
  });
});

describe('console menu: order', () => {
  it('takes exactly the app’s ids, in one go, and members read the new order at once', async () => {
    const cast = await makeCast(t, { modules: ['news', 'agenda', 'chats'] });
    const ids = cast.tenant.modules.map((m) => m.id);
    const [a, b, c] = ids as [number, number, number];
    const theirs = cast.other.modules[0]?.id ?? 0;
    const put = (body: unknown) => consoleCall(t, cast.owner, 'PUT', `${menuUrl(cast)}/order`, body);
    const msg = 'The order must name every module of the app once; reload the page and try again';
    for (const bad of [[a, b], [a, b, c, c], [a, b, theirs], [a, b, c, theirs], []]) {
      const res = await put({ ids: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(fieldErrorsOf(res)).toEqual([{ field: 'ids', message: msg }]);
    }
    expect((await put({ ids: 'abc' })).statusCode).toBe(422);
    expect((await list(cast)).map((m) => m.id)).toEqual(ids);
    const ok = await put({ ids: [c, a, b] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().modules.map((m: Mod) => [m.id, m.position])).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ]);
    expect((await attendeeMenu(cast.member.token)).map((m) => m.app_module_id)).toEqual([c, a, b]);
    const [entry] = await auditOf(cast.tenant.app.id, 'menu.reorder');
    expect(entry).toMatchObject({ before: { order: [a, b, c] }, after: { order: [c, a, b] } });
    // The other app's menu did not move.
    expect((await list({ ...cast, tenant: cast.other }, cast.operator)).map((m) => m.position)).toEqual([1, 2, 3]);
  });
});

describe('console menu: removing', () => {
  it('removes the module with its content and bubbles, answering what went', async () => {
    const cast = await makeCast(t, { modules: ['forums', 'news'] });
    const [forums] = cast.tenant.modules;
    if (!forums) throw new Error('no module');
    const author = await makeUser(t, cast.tenant);
    const created = await t.app.inject({
      method: 'POST',
      url: `/content/${forums.id}/posts`,
      headers: { 'access-token': author.token },
      payload: { title: 'Hello', text: 'First thread' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const postId = created.json().id as number;
    const commented = await t.app.inject({
      method: 'POST',
      url: `/content/${forums.id}/posts/${postId}/comments`,
      headers: { 'access-token': cast.member.token },
      payload: { text: 'Welcome' },
    });
    expect(commented.statusCode, commented.body).toBe(200);
    await t.app.ctx.db.insert(bubbles).values({ userId: cast.member.id, appModuleId: forums.id, itemId: postId }).onConflictDoNothing();

    const before = (await list(cast))[0];
    expect(before?.content).toEqual(
      expect.arrayContaining([
        { kind: 'posts', count: 1 },
        { kind: 'comments', count: 1 },
      ]),
    );
    const res = await consoleCall(t, cast.owner, 'DELETE', `${menuUrl(cast)}/${forums.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: forums.id, type: 'forums', name: 'forums' });
    expect(res.json().content).toEqual(
      expect.arrayContaining([
        { kind: 'posts', count: 1 },
        { kind: 'comments', count: 1 },
      ]),
    );
    expect(await t.app.ctx.db.select().from(contentPosts).where(eq(contentPosts.appModuleId, forums.id))).toEqual([]);
    expect(await t.app.ctx.db.select().from(contentComments).where(eq(contentComments.postId, postId))).toEqual([]);
    expect(await t.app.ctx.db.select().from(bubbles).where(eq(bubbles.appModuleId, forums.id))).toEqual([]);
    expect((await attendeeMenu(cast.member.token)).map((m) => m.name)).toEqual(['news']);
    const [entry] = await auditOf(cast.tenant.app.id, 'menu.remove');
    expect(entry?.before).toMatchObject({ type: 'forums', name: 'forums' });
    expect((await consoleCall(t, cast.owner, 'DELETE', `${menuUrl(cast)}/${forums.id}`)).statusCode).toBe(404);
  });
});

describe('console menu: live', () => {
  it('tells the open apps of this app, not another app’s, to read their menu again', async () => {
    const cast = await makeCast(t, { modules: ['news'] });
    const mine = socketClient(base, cast.member.token);
    const theirMember = await makeUser(t, cast.other);
    const theirs = socketClient(base, theirMember.token);
    sockets.push(mine, theirs);
    let got = 0;
    let other = 0;
    mine.on('appChanged', () => got++);
    theirs.on('appChanged', () => other++);
    await Promise.all([connected(mine), connected(theirs)]);
    const added = await consoleCall(t, cast.owner, 'POST', menuUrl(cast), { type: 'agenda' });
    expect(added.statusCode).toBe(200);
    await until(() => got === 1);
    await consoleCall(t, cast.owner, 'PUT', `${menuUrl(cast)}/${added.json().id}`, { name: 'Programme' });
    await until(() => got === 2);
    // A refused change announces nothing.
    await consoleCall(t, cast.owner, 'PUT', `${menuUrl(cast)}/${added.json().id}`, { name: '' });
    await sleep(100);
    expect(got).toBe(2);
    expect(other).toBe(0);
  });
});

describe('console menu: icons', () => {
  it('offers only icons the attendee app draws', () => {
    const source = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../web/src/ui/icon.tsx'), 'utf8');
    const drawn = new Set([...source.matchAll(/^ {2}(\w+):/gm)].map((m) => m[1]));
    expect(MENU_ICONS.filter((n) => !drawn.has(n))).toEqual([]);
    // The console draws them with the attendee app's own paths.
    const flat = source.replace(/\s+/g, ' ');
    for (const [name, d] of Object.entries(MENU_ICON_PATHS)) expect(flat, name).toContain(`${name}: '${d}'`);
    expect(Object.keys(MENU_ICON_PATHS).sort()).toEqual([...MENU_ICONS].sort());
  });
});
