import { webviewUrl } from '@app/contract/schemas/webview';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, type Tenant } from '../../../test/factories.ts';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { appByKey, fieldErrorsOf } from '../../../test/helpers.ts';
import type { ModuleRow } from '../apps/apps.queries.ts';
import { appModules } from '../apps/apps.table.ts';
import { caller, type Member } from '../content/content.test-kit.ts';
import { DEMO_SITES } from './webview.seed.ts';

let t: TestApp;
let tenant: Tenant;
let site: ModuleRow;
let unset: ModuleRow;
let hostile: ModuleRow;
let blog: ModuleRow;
let owner: Member;
let member: Member;
let stranger: Member;
let strangerSite: ModuleRow;

beforeAll(async () => {
  t = await createTestApp({}, { users: 0 });
  tenant = await makeTenant(t, { modules: ['webview', 'webview', 'webview', 'blogs'] });
  [site, unset, hostile, blog] = tenant.modules as [ModuleRow, ModuleRow, ModuleRow, ModuleRow];
  const db = t.app.ctx.db;
  await db
    .update(appModules)
    .set({ params: { url: 'https://summit.example/programme', colour: 'blue' } })
    .where(eq(appModules.id, site.id));
  // A setting written by hand (an import, an old admin tool): never answered to a member.
  await db
    .update(appModules)
    .set({ params: { url: 'javascript:alert(1)' } })
    .where(eq(appModules.id, hostile.id));
  owner = await makeUser(t, tenant, { isAdmin: true });
  member = await makeUser(t, tenant);
  const other = await makeTenant(t, { modules: ['webview'] });
  strangerSite = other.modules[0] as ModuleRow;
  await db
    .update(appModules)
    .set({ params: { url: 'https://secret.example/' } })
    .where(eq(appModules.id, strangerSite.id));
  stranger = await makeUser(t, other, { isAdmin: true });
  t.app.ctx.apps.invalidate();
});
afterAll(() => t.close());

const call = caller(() => t);
const url = (m: ModuleRow) => `/webview/${m.id}/url`;

describe('webview address', () => {
  it('answers the module’s address to a member', async () => {
    const res = await call(member.token, 'GET', url(site));
    expect(res.statusCode, res.body).toBe(200);
    expect(webviewUrl.parse(res.json())).toEqual({ app_module_id: site.id, url: 'https://summit.example/programme' });
  });

  it('answers null for a module without an address or with one that is not http(s)', async () => {
    expect((await call(member.token, 'GET', url(unset))).json()).toEqual({ app_module_id: unset.id, url: null });
    const res = await call(member.token, 'GET', url(hostile));
    expect(res.json()).toEqual({ app_module_id: hostile.id, url: null });
    expect(res.body).not.toContain('javascript');
  });

  it('is a 404 for another app’s module, whoever asks, and for a module of another type', async () => {
    const res = await call(member.token, 'GET', url(strangerSite));
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret.example');
    expect((await call(stranger.token, 'GET', url(site))).statusCode).toBe(404);
    expect((await call(stranger.token, 'PUT', url(site), { url: 'https://evil.example/' })).statusCode).toBe(404);
    expect((await call(owner.token, 'GET', url(blog))).statusCode).toBe(404);
  });

  it('lets the app owner change it, keeping the other settings, and members see the new one at once', async () => {
    const res = await call(owner.token, 'PUT', url(site), { url: '  https://summit.example/tickets?lang=en  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ app_module_id: site.id, url: 'https://summit.example/tickets?lang=en' });
    expect((await call(member.token, 'GET', url(site))).json().url).toBe('https://summit.example/tickets?lang=en');
    const [row] = await t.app.ctx.db.select().from(appModules).where(eq(appModules.id, site.id));
    expect(row?.params).toEqual({ url: 'https://summit.example/tickets?lang=en', colour: 'blue' });
  });

  it('refuses a member’s change (403) and changes nothing', async () => {
    const res = await call(member.token, 'PUT', url(site), { url: 'https://member.example/' });
    expect(res.statusCode).toBe(403);
    expect((await call(member.token, 'GET', url(site))).json().url).toBe('https://summit.example/tickets?lang=en');
  });

  it('answers 422 on url for an address that is not http(s), in the member’s language', async () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://files.example/a',
      '/relative/path',
      'not a url',
      'https://user:pw@summit.example/',
    ]) {
      const res = await call(owner.token, 'PUT', url(site), { url: bad });
      expect(res.statusCode, bad).toBe(422);
      expect(fieldErrorsOf(res), bad).toEqual([{ field: 'url', message: 'Enter an address that starts with http:// or https://.' }]);
    }
    const empty = await call(owner.token, 'PUT', url(site), { url: '  ' });
    expect(fieldErrorsOf(empty)).toEqual([{ field: 'url', message: 'Enter the address of the website.' }]);
    const long = await call(owner.token, 'PUT', url(site), { url: `https://summit.example/${'a'.repeat(2000)}` });
    expect(fieldErrorsOf(long).map((e) => e.field)).toEqual(['url']);
    const german = await call(owner.token, 'PUT', url(site), { url: 'mailto:a@b.example' }, { cookie: 'locale=de_DE' });
    expect(fieldErrorsOf(german)[0]?.message).toBe('Gib eine Adresse ein, die mit http:// oder https:// beginnt.');
    const missing = await call(owner.token, 'PUT', url(site), {});
    expect(fieldErrorsOf(missing).map((e) => e.field)).toEqual(['url']);
    expect((await call(member.token, 'GET', url(site))).json().url).toBe('https://summit.example/tickets?lang=en');
  });

  it('answers 401 without a token and 422 for a bad module id', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(site), headers: { 'app-key': tenant.app.key } });
    expect(res.statusCode).toBe(401);
    const bad = await call(member.token, 'GET', '/webview/abc/url');
    expect(fieldErrorsOf(bad).map((e) => e.field)).toEqual(['app_module_id']);
  });
});

describe('the demo websites', () => {
  it('point each demo app’s webview at its site; the other demo app gets a 404', async () => {
    const demo = await appByKey(t, 'demo');
    const [mod] = await t.app.ctx.db
      .select()
      .from(appModules)
      .where(and(eq(appModules.appId, demo.id), eq(appModules.type, 'webview')));
    if (!mod) throw new Error('the demo app has no webview');
    const own = await login(t.app, 'anna@demo.test');
    expect((await call(own, 'GET', url(mod))).json()).toEqual({ app_module_id: mod.id, url: DEMO_SITES[0] });
    const dark = await login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark');
    expect((await call(dark, 'GET', url(mod))).statusCode).toBe(404);
  });
});
