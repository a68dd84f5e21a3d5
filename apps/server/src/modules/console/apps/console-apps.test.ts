import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { fieldErrorsOf, fieldsOf, multipart } from '../../../../test/helpers.ts';
import { storedExists, storedKeys } from '../../../../test/storage.ts';
import { appDomains, appModules, apps } from '../../apps/apps.table.ts';
import { consoleAudit } from '../console.table.ts';
import { type Caller, type Cast, consoleCall, makeCast, statusesFor } from '../console.test-kit.ts';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t, { modules: ['profile'] });
});
afterAll(() => t.close());

const OWNER_ONLY = { anon: 401, member: 403, stranger: 404, moderator: 403, owner: 200, operator: 200 };
const settingsUrl = (id: number) => `/apps/${id}/settings`;

async function auditRows(appId: number, action: string) {
  return t.app.ctx.db
    .select()
    .from(consoleAudit)
    .where(and(eq(consoleAudit.appId, appId), eq(consoleAudit.action, action)));
}

function logoUpload(who: Caller | undefined, appId: number, data: Buffer, name = 'logo.png') {
  const { payload, headers } = multipart('logo', name, data, 'image/png');
  return t.app.inject({
    method: 'POST',
    url: `/console/api/apps/${appId}/logo`,
    payload,
    headers: { ...headers, ...(who ? { 'access-token': who.token } : {}) },
  });
}

const png = (w = 300, h = 200) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 1 } } })
    .png()
    .toBuffer();

describe('console app settings: roles', () => {
  it('lets the owner and operators read and change settings; 403 for moderators, 404 for another app, 401 signed out', async () => {
    const id = cast.tenant.app.id;
    expect(await statusesFor(t, cast, 'GET', settingsUrl(id))).toEqual(OWNER_ONLY);
    expect(await statusesFor(t, cast, 'PUT', settingsUrl(id), { name: 'Renamed' })).toEqual(OWNER_ONLY);
    for (const action of ['publish', 'unpublish', 'lock', 'unlock']) {
      expect(await statusesFor(t, cast, 'POST', `/apps/${id}/${action}`), action).toEqual(OWNER_ONLY);
    }
    expect(await statusesFor(t, cast, 'DELETE', `/apps/${id}/logo`)).toEqual(OWNER_ONLY);
    // An app that does not exist is a 404 even for an operator.
    expect((await consoleCall(t, cast.operator, 'GET', settingsUrl(999_999))).statusCode).toBe(404);
  });

  it('uploads a logo for the owner and operators only', async () => {
    const id = cast.tenant.app.id;
    const data = await png();
    const statuses: Record<string, number> = {};
    for (const [name, who] of [
      ['anon', undefined],
      ['member', cast.member],
      ['stranger', cast.stranger],
      ['moderator', cast.moderator],
      ['owner', cast.owner],
      ['operator', cast.operator],
    ] as const) {
      statuses[name] = (await logoUpload(who, id, data)).statusCode;
    }
    expect(statuses).toEqual(OWNER_ONLY);
  });

  it('lets only operators create apps', async () => {
    const statuses = await statusesFor(t, cast, 'POST', '/apps', (who: string) => ({ name: `App of ${who}`, key: `made-by-${who}` }));
    expect(statuses).toEqual({ anon: 401, member: 403, stranger: 403, moderator: 403, owner: 403, operator: 200 });
  });
});

describe('console app settings: reading and changing', () => {
  it('answers every setting the shell reads, with configured providers but never their secrets', async () => {
    const tenant = await makeTenant(t, {
      oauth: {
        google: { clientId: 'gid', clientSecret: 'very-secret' },
        facebook: { clientId: 'fid', clientSecret: 's2', enabled: false },
      },
    });
    const owner = await makeUser(t, tenant, { isAdmin: true });
    const r = await consoleCall(t, { token: owner.token, id: owner.user.id }, 'GET', settingsUrl(tenant.app.id));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.body).not.toContain('very-secret');
    expect(r.body).not.toContain('gid');
    const s = r.json();
    expect(s).toMatchObject({ key: tenant.app.key, is_published: true, is_locked: false, logo_url: null, short_name: null, domains: [] });
    expect(s.oauth).toEqual([
      { provider: 'apple', configured: false, enabled: false },
      { provider: 'google', configured: true, enabled: true },
      { provider: 'facebook', configured: true, enabled: false },
      { provider: 'linkedin', configured: false, enabled: false },
    ]);
  });

  it('changes settings, shows them in app-config, the manifest and the page, and writes what changed to the audit log', async () => {
    const tenant = await makeTenant(t, { oauth: { google: { clientId: 'gid', clientSecret: 'sec' } } });
    const owner = await makeUser(t, tenant, { isAdmin: true });
    const who = { token: owner.token, id: owner.user.id };
    const r = await consoleCall(t, who, 'PUT', settingsUrl(tenant.app.id), {
      name: 'Harbour Summit 2027',
      short_name: 'Harbour',
      main_color: 'rgb(10, 120, 200)',
      theme: 'dark',
      menu_style: 'large',
      locale: 'de_DE',
      time_format: '12H',
      currency: { title: 'USD', symbol: '$', is_before: true },
      branding: false,
      signup_mode: 'invite',
      signup_title: 'Welcome aboard',
      oauth: { google: false },
      terms_url: 'https://harbour.example/terms',
      privacy_text: 'We keep your name.',
      domains: ['Harbour.Example', 'app.harbour.example', 'harbour.example'],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ name: 'Harbour Summit 2027', domains: ['app.harbour.example', 'harbour.example'], theme: 'dark' });

    const config = await t.app.inject({ method: 'GET', url: '/user/app-config', headers: { 'app-key': tenant.app.key } });
    expect(config.json()).toMatchObject({
      app_name: 'Harbour Summit 2027',
      main_color: 'rgb(10, 120, 200)',
      theme: 'dark',
      menu_style: 'large',
      locale: 'de_DE',
      time_format: '12H',
      currency: { title: 'USD', symbol: '$', is_before: true },
      app_branding: false,
      signup_mode: 'invite',
      signup_title: 'Welcome aboard',
      oauth_providers: [],
      terms_url: 'https://harbour.example/terms',
      terms_text: null,
      privacy_text: 'We keep your name.',
    });
    const manifest = await t.app.inject({ method: 'GET', url: `/manifest.webmanifest?app=${tenant.app.key}` });
    expect(manifest.json()).toMatchObject({ name: 'Harbour Summit 2027', short_name: 'Harbour', theme_color: 'rgb(10, 120, 200)' });
    // The host names now resolve to the app.
    const byHost = await t.app.inject({ method: 'GET', url: '/user/app-config', headers: { host: 'harbour.example' } });
    expect(byHost.json().app_key).toBe(tenant.app.key);

    const [entry] = await auditRows(tenant.app.id, 'app.settings');
    expect(entry?.actorId).toBe(owner.user.id);
    expect(entry?.before).toMatchObject({ name: tenant.app.name, theme: 'light', domains: [] });
    expect(entry?.after).toMatchObject({ name: 'Harbour Summit 2027', theme: 'dark' });
    // Only what changed is kept.
    expect(entry?.after).not.toHaveProperty('key');
    expect(JSON.stringify(entry)).not.toContain('sec');

    // The provider switched off stays configured and can be switched on again.
    const back = await consoleCall(t, who, 'PUT', settingsUrl(tenant.app.id), { oauth: { google: true }, domains: [] });
    expect(back.json().oauth[1]).toEqual({ provider: 'google', configured: true, enabled: true });
    const [row] = await t.app.ctx.db.select().from(apps).where(eq(apps.id, tenant.app.id));
    expect(row?.oauth.google).toEqual({ clientId: 'gid', clientSecret: 'sec', enabled: true });
    expect(await t.app.ctx.db.select().from(appDomains).where(eq(appDomains.appId, tenant.app.id))).toEqual([]);
  });

  it('refuses bad input with a message per field and changes nothing', async () => {
    const id = cast.tenant.app.id;
    const taken = await makeTenant(t, { key: `taken-${id}` });
    await t.app.ctx.db.insert(appDomains).values({ domain: `taken-${id}.example`, appId: taken.app.id });
    const put = (body: unknown) => consoleCall(t, cast.owner, 'PUT', settingsUrl(id), body);

    for (const bad of ['red', '#abcd', '#ggg', 'rgb(300, 0, 0)', 'rgba(1,2,3,0.5)', 'hsl(1,2%,3%)', '']) {
      const r = await put({ main_color: bad });
      expect(fieldErrorsOf(r), bad).toEqual([{ field: 'main_color', message: 'Enter a colour as #abc, #aabbcc or rgb(r, g, b)' }]);
    }
    for (const ok of ['#abc', '#A0B1C2', 'rgb(0,0,0)', 'rgb( 255 , 255 , 255 )']) {
      expect((await put({ bg_color: ok })).statusCode, ok).toBe(200);
    }
    expect(fieldsOf(await put({ key: 'Bad Key!' }))).toEqual(['key']);
    expect(fieldsOf(await put({ key: '-x' }))).toEqual(['key']);
    expect(fieldErrorsOf(await put({ key: taken.app.key }))).toEqual([{ field: 'key', message: 'Another app already uses this key' }]);
    expect(fieldsOf(await put({ domains: ['https://x.example/path'] }))).toEqual(['domains.0']);
    expect(fieldsOf(await put({ domains: ['bad_host.example'] }))).toEqual(['domains.0']);
    expect(fieldErrorsOf(await put({ domains: ['fine.example', `taken-${id}.example`] }))).toEqual([
      { field: 'domains.1', message: `taken-${id}.example already belongs to another app` },
    ]);
    // The platform's own hosts decide which app a bare request gets: no owner may claim them.
    expect(fieldErrorsOf(await put({ domains: ['127.0.0.1'] }))).toEqual([
      { field: 'domains.0', message: "127.0.0.1 is an address of the platform itself and cannot be an app's" },
    ]);
    expect(fieldsOf(await put({ locale: 'xx_XX' }))).toEqual(['locale']);
    expect(fieldsOf(await put({ terms_url: 'javascript:alert(1)' }))).toEqual(['terms_url']);
    expect(fieldsOf(await put({ oauth: { google: true } }))).toEqual(['oauth.google']);
    expect(fieldsOf(await put({ max_upload_size: 10 }))).toEqual(['max_upload_size']);
    expect(fieldsOf(await put({ is_published: true }))).toEqual(['is_published']);
    // Several fields at once, and nothing of a refused save is kept.
    const both = await put({ name: 'Should not stay', key: taken.app.key, domains: [`taken-${id}.example`] });
    expect(fieldsOf(both)).toEqual(['domains.0', 'key']);
    const now = (await consoleCall(t, cast.owner, 'GET', settingsUrl(id))).json();
    expect(now.name).not.toBe('Should not stay');
    expect(now.domains).toEqual([]);
  });

  it('answers field messages in the caller’s language', async () => {
    const r = await t.app.inject({
      method: 'PUT',
      url: `/console/api${settingsUrl(cast.tenant.app.id)}`,
      headers: { 'access-token': cast.owner.token, cookie: 'locale=de_DE' },
      payload: { main_color: 'blue' },
    });
    expect(fieldErrorsOf(r)).toEqual([{ field: 'main_color', message: 'Geben Sie eine Farbe als #abc, #aabbcc oder rgb(r, g, b) ein' }]);
  });
});

describe('console apps: create, publish, lock', () => {
  it('creates an unpublished app with a profile and a settings module, opened by its operator at once', async () => {
    const r = await consoleCall(t, cast.operator, 'POST', '/apps', {
      name: 'Fresh Fair',
      key: 'fresh-fair',
      locale: 'de_DE',
      theme: 'dark',
    });
    expect(r.statusCode, r.body).toBe(200);
    const made = r.json();
    expect(made).toMatchObject({
      key: 'fresh-fair',
      name: 'Fresh Fair',
      is_published: false,
      is_locked: false,
      locale: 'de_DE',
      theme: 'dark',
    });
    const modules = await t.app.ctx.db.select().from(appModules).where(eq(appModules.appId, made.id));
    expect(modules.map((m) => [m.type, m.name])).toEqual([
      ['profile', 'Mein Profil'],
      ['settings', 'Einstellungen'],
    ]);
    expect((await consoleCall(t, cast.operator, 'GET', settingsUrl(made.id))).statusCode).toBe(200);
    const [entry] = await auditRows(made.id, 'app.create');
    expect(entry?.actorId).toBe(cast.operator.id);
    // Unpublished: its config says so, its API is closed.
    const config = await t.app.inject({ method: 'GET', url: '/user/app-config', headers: { 'app-key': 'fresh-fair' } });
    expect(config.json().is_published).toBe(false);

    const again = await consoleCall(t, cast.operator, 'POST', '/apps', { name: 'Again', key: 'fresh-fair' });
    expect(fieldErrorsOf(again)).toEqual([{ field: 'key', message: 'Another app already uses this key' }]);
    expect(fieldsOf(await consoleCall(t, cast.operator, 'POST', '/apps', { name: '', key: 'A B' }))).toEqual(['key', 'name']);
  });

  it('publishes, unpublishes, locks and unlocks: the attendee API follows at once, each change audited', async () => {
    const tenant = await makeTenant(t, { modules: ['profile'] });
    const owner = await makeUser(t, tenant, { isAdmin: true });
    const attendee = await makeUser(t, tenant);
    const who = { token: owner.token, id: owner.user.id };
    const menu = () => t.app.inject({ method: 'GET', url: '/user/app-menu', headers: { 'access-token': attendee.token } });
    const config = () => t.app.inject({ method: 'GET', url: '/user/app-config', headers: { 'app-key': tenant.app.key } });
    expect((await menu()).statusCode).toBe(200);

    const un = await consoleCall(t, who, 'POST', `/apps/${tenant.app.id}/unpublish`);
    expect(un.json().is_published).toBe(false);
    expect((await menu()).statusCode).toBe(451);
    expect((await config()).json().is_published).toBe(false);

    expect((await consoleCall(t, who, 'POST', `/apps/${tenant.app.id}/publish`)).json().is_published).toBe(true);
    expect((await menu()).statusCode).toBe(200);

    expect((await consoleCall(t, who, 'POST', `/apps/${tenant.app.id}/lock`)).json().is_locked).toBe(true);
    expect((await menu()).statusCode).toBe(423);
    expect((await config()).statusCode).toBe(423);
    // The owner still runs a locked app from the console.
    expect((await consoleCall(t, who, 'GET', settingsUrl(tenant.app.id))).statusCode).toBe(200);
    expect((await consoleCall(t, who, 'POST', `/apps/${tenant.app.id}/unlock`)).json().is_locked).toBe(false);
    expect((await menu()).statusCode).toBe(200);

    for (const action of ['app.unpublish', 'app.publish', 'app.lock', 'app.unlock']) {
      expect(await auditRows(tenant.app.id, action), action).toHaveLength(1);
    }
    const [lock] = await auditRows(tenant.app.id, 'app.lock');
    expect(lock?.before).toEqual({ is_locked: false });
    expect(lock?.after).toEqual({ is_locked: true });
    // Asking again for the state it is in changes nothing and logs nothing.
    await consoleCall(t, who, 'POST', `/apps/${tenant.app.id}/publish`);
    expect(await auditRows(tenant.app.id, 'app.publish')).toHaveLength(1);
  });
});

describe('console apps: logo and icons', () => {
  it('re-encodes the logo, makes the manifest icons and uses them in the manifest and the page; removing goes back', async () => {
    const tenant = await makeTenant(t);
    const owner = await makeUser(t, tenant, { isAdmin: true });
    const who = { token: owner.token, id: owner.user.id };
    const r = await logoUpload(who, tenant.app.id, await png(800, 400), 'evil.svg');
    expect(r.statusCode, r.body).toBe(200);
    const s = r.json();
    expect(s.logo_url).toMatch(/^\/uploads\/app-icons\/[0-9a-f-]{36}\.png$/);

    const manifest = (await t.app.inject({ method: 'GET', url: `/manifest.webmanifest?app=${tenant.app.key}` })).json();
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes}:${i.purpose}`)).toEqual([
      '192x192:any',
      '512x512:any',
      '512x512:maskable',
    ]);
    const files: string[] = [];
    for (const icon of manifest.icons as Array<{ src: string; sizes: string }>) {
      const got = await t.app.inject({ method: 'GET', url: icon.src });
      expect(got.statusCode).toBe(200);
      const meta = await sharp(got.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      expect(meta.format).toBe('png');
      files.push(icon.src);
    }
    const logo = await sharp((await t.app.inject({ method: 'GET', url: s.logo_url })).rawPayload).metadata();
    expect([logo.width, logo.height, logo.format]).toEqual([512, 256, 'png']);

    const page = await t.app.inject({ method: 'GET', url: `/?app=${tenant.app.key}`, headers: { accept: 'text/html' } });
    expect(page.body).toContain(`<link rel="apple-touch-icon" href="/uploads/app-icons/`);
    const apple = page.body.match(/rel="apple-touch-icon" href="([^"]+)"/)?.[1] ?? '';
    const appleMeta = await sharp((await t.app.inject({ method: 'GET', url: apple })).rawPayload).metadata();
    expect([appleMeta.width, appleMeta.height]).toEqual([180, 180]);
    const config = await t.app.inject({ method: 'GET', url: '/user/app-config', headers: { 'app-key': tenant.app.key } });
    expect(config.json().app_logo).toBe(s.logo_url);
    expect(await auditRows(tenant.app.id, 'app.logo')).toHaveLength(1);

    // A second logo replaces the first one's files.
    const second = await logoUpload(who, tenant.app.id, await png(100, 100));
    expect(second.statusCode).toBe(200);
    for (const f of files) expect(await storedExists(t.app, f.slice(1))).toBe(false);
    const icons = await storedKeys(t.app, 'uploads/app-icons/');
    expect(icons.filter((k) => second.body.includes(k.split('/').pop() ?? '-'))).toHaveLength(2);

    const removed = await consoleCall(t, who, 'DELETE', `/apps/${tenant.app.id}/logo`);
    expect(removed.json()).toMatchObject({ logo_url: null, icon_url: null });
    const plain = (await t.app.inject({ method: 'GET', url: `/manifest.webmanifest?app=${tenant.app.key}` })).json();
    expect(plain.icons[0].src).toBe(`/app-icon.svg?app=${tenant.app.key}`);
    expect(await auditRows(tenant.app.id, 'app.logoRemoved')).toHaveLength(1);
  });

  it('refuses what is not an image (by its bytes, whatever its name) and what is too large', async () => {
    const id = cast.tenant.app.id;
    const notImage = await logoUpload(cast.owner, id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.png');
    expect(fieldErrorsOf(notImage)).toEqual([{ field: 'logo', message: 'The logo must be a PNG, JPEG, WebP or GIF image' }]);
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
    expect(fieldsOf(await logoUpload(cast.owner, id, broken))).toEqual(['logo']);
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10, 0)]);
    expect(fieldErrorsOf(await logoUpload(cast.owner, id, big))).toEqual([{ field: 'logo', message: 'The logo may be at most 5 MB' }]);
    const none = await t.app.inject({ method: 'POST', url: `/console/api/apps/${id}/logo`, headers: { 'access-token': cast.owner.token } });
    expect(none.statusCode).toBe(422);
    // The two logos of the role test, nothing of these.
    expect(await auditRows(id, 'app.logo')).toHaveLength(2);
  });
});
