import { CHAT_LOGO, CHAT_UPLOAD } from '@app/contract/schemas/chats';
import { CONTENT_UPLOAD } from '@app/contract/schemas/content';
import { MARKETPLACE_UPLOAD } from '@app/contract/schemas/marketplace';
import { RESOURCES_UPLOAD } from '@app/contract/schemas/resources';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, type Tenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { errorOf, multipart } from '../../../test/helpers.ts';
import { storedExists } from '../../../test/storage.ts';
import { DEFAULT_UPLOAD_QUOTA, type UploadQuota } from '../../config.ts';
import { uploads } from './content.table.ts';
import { sweepOrphanUploads } from './content.uploads.ts';

const KB = 1024;
const generous = { auth: 1000, uploads: 1000, writes: 1000, windowMs: 60_000 };
const PDF = (size = 200) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size, 0x20), Buffer.from('\n%%EOF\n')]);
const png = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function world(quota: Partial<UploadQuota>) {
  t = await createTestApp({ rateLimit: generous, uploadQuota: { ...DEFAULT_UPLOAD_QUOTA, ...quota } }, { users: 0 });
  const tenant = await makeTenant(t, { modules: ['blogs', 'chats', 'marketplace', 'resources'] });
  return { t, tenant };
}

const moduleOf = (tenant: Tenant, type: string) => {
  const m = tenant.modules.find((x) => x.type === type);
  if (!m) throw new Error(`no ${type}`);
  return m.id;
};

function send(app: TestApp, token: string, url: string, field: string, data: Buffer, name = 'f.pdf', locale?: string) {
  const body = multipart(field, name, data);
  return app.app.inject({
    method: 'POST',
    url,
    headers: { 'access-token': token, ...body.headers, ...(locale ? { cookie: `locale=${locale}` } : {}) },
    payload: body.payload,
  });
}

const contentUrl = (tenant: Tenant) => CONTENT_UPLOAD.path.replace(':app_module_id', String(moduleOf(tenant, 'blogs')));

describe('per member', () => {
  it('counts files across every upload route: content, chats files and logos, marketplace, resources, avatar and photo', async () => {
    const { t, tenant } = await world({ memberFiles: 7 });
    const [a, b] = [await makeUser(t, tenant), await makeUser(t, tenant)];
    const group = await t.app.inject({
      method: 'POST',
      url: `/chats/${moduleOf(tenant, 'chats')}/chats`,
      headers: { 'access-token': a.token },
      payload: { chat_type: 'group', user_ids: [b.user.id], name: 'Budget' },
    });
    expect(group.statusCode, group.body).toBe(200);
    const image = await png();
    const calls: Array<[string, string, Buffer, string]> = [
      [contentUrl(tenant), 'file', PDF(), 'a.pdf'],
      [CHAT_UPLOAD.path.replace(':app_module_id', String(moduleOf(tenant, 'chats'))), 'file', PDF(), 'a.pdf'],
      [
        CHAT_LOGO.path.replace(':app_module_id', String(moduleOf(tenant, 'chats'))).replace(':id', String(group.json().id)),
        CHAT_LOGO.field,
        image,
        'logo.png',
      ],
      [MARKETPLACE_UPLOAD.path.replace(':app_module_id', String(moduleOf(tenant, 'marketplace'))), 'file', image, 'p.png'],
      [RESOURCES_UPLOAD.path.replace(':app_module_id', String(moduleOf(tenant, 'resources'))), 'file', PDF(), 'r.pdf'],
      ['/user/avatar', 'avatar', image, 'avatar.png'],
      ['/user/photo', 'photo', image, 'photo.png'],
    ];
    for (const [url, field, data, name] of calls) {
      const res = await send(t, a.token, url, field, data, name);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    // The eighth file, on any of them: 429, translated, with a Retry-After within the hour.
    for (const [url, field, data, name] of calls) {
      const res = await send(t, a.token, url, field, data, name, 'de_DE');
      expect(res.statusCode, url).toBe(429);
      expect(errorOf(res).message).toBe('Sie haben in der letzten Stunde viel hochgeladen. Bitte versuchen Sie es später erneut.');
      const after = Number(res.headers['retry-after']);
      expect(after).toBeGreaterThan(0);
      expect(after).toBeLessThanOrEqual(3600);
    }
    // Another member has a budget of their own.
    expect((await send(t, b.token, contentUrl(tenant), 'file', PDF())).statusCode).toBe(200);
  });

  it('counts bytes per member: the declared length is reserved before the body is read', async () => {
    const { t, tenant } = await world({ memberBytes: 50 * KB });
    const a = await makeUser(t, tenant);
    // 20 KB and 20 KB fit, a third 20 KB does not (60 KB > 50 KB), a small one still does.
    expect((await send(t, a.token, contentUrl(tenant), 'file', PDF(20 * KB))).statusCode).toBe(200);
    expect((await send(t, a.token, contentUrl(tenant), 'file', PDF(20 * KB))).statusCode).toBe(200);
    const over = await send(t, a.token, contentUrl(tenant), 'file', PDF(20 * KB));
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).message).toBe('You have uploaded a lot in the last hour. Please try again later.');
    expect((await send(t, a.token, contentUrl(tenant), 'file', PDF(2 * KB))).statusCode).toBe(200);
  });
});

describe('per app', () => {
  it('refuses every member once the app has received its files for the window', async () => {
    const { t, tenant } = await world({ appFiles: 3 });
    const members = await Promise.all([1, 2, 3, 4].map(() => makeUser(t as TestApp, tenant)));
    const codes: number[] = [];
    for (const m of members) codes.push((await send(t, m.token, contentUrl(tenant), 'file', PDF())).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await send(t, members[0]?.token ?? '', '/user/avatar', 'avatar', await png());
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).message).toBe('This app has received too many files in the last hour. Please try again later.');
    // Another app is not touched.
    const other = await makeTenant(t, { modules: ['blogs'] });
    const stranger = await makeUser(t, other);
    expect((await send(t, stranger.token, contentUrl(other), 'file', PDF())).statusCode).toBe(200);
  });
});

describe('unattached uploads', () => {
  it('refuses with 413 past the files a member has waiting, until one is attached', async () => {
    const { t, tenant } = await world({ unattachedFiles: 2 });
    const a = await makeUser(t, tenant);
    const first = await send(t, a.token, contentUrl(tenant), 'file', PDF());
    expect(first.statusCode).toBe(200);
    expect((await send(t, a.token, contentUrl(tenant), 'file', PDF())).statusCode).toBe(200);
    const refused = await send(t, a.token, contentUrl(tenant), 'file', PDF(), 'c.pdf', 'fr_FR');
    expect(refused.statusCode).toBe(413);
    expect(errorOf(refused).message).toBe(
      "Trop de vos fichiers ne sont pas encore utilisés. Publiez-les ou envoyez-les d'abord, ou réessayez dans quelques heures.",
    );
    const post = await t.app.inject({
      method: 'POST',
      url: `/content/${moduleOf(tenant, 'blogs')}/posts`,
      headers: { 'access-token': a.token },
      payload: { text: '<p>With a file</p>', attachment_ids: [first.json().id] },
    });
    expect(post.statusCode, post.body).toBe(200);
    expect((await send(t, a.token, contentUrl(tenant), 'file', PDF())).statusCode).toBe(200);
  });

  it('lets parallel requests of one member see each other', async () => {
    const { t, tenant } = await world({ unattachedFiles: 2 });
    const a = await makeUser(t, tenant);
    const parallel = await Promise.all([1, 2, 3, 4].map(() => send(t as TestApp, a.token, contentUrl(tenant), 'file', PDF())));
    expect(parallel.map((r) => r.statusCode).sort()).toEqual([200, 200, 413, 413]);
  });

  it('refuses with 413 past the bytes a member has waiting', async () => {
    const { t, tenant } = await world({ unattachedBytes: 30 * KB });
    const a = await makeUser(t, tenant);
    expect((await send(t, a.token, contentUrl(tenant), 'file', PDF(20 * KB))).statusCode).toBe(200);
    expect((await send(t, a.token, contentUrl(tenant), 'file', PDF(20 * KB))).statusCode).toBe(413);
    expect((await send(t, a.token, contentUrl(tenant), 'file', PDF(5 * KB))).statusCode).toBe(200);
    expect(await t.app.ctx.db.select({ id: uploads.id }).from(uploads)).toHaveLength(2);
  });

  it('are swept after their life (2 hours by default), rows and files', async () => {
    const { t, tenant } = await world({});
    const a = await makeUser(t, tenant);
    const old = (await send(t, a.token, contentUrl(tenant), 'file', PDF())).json();
    const young = (await send(t, a.token, contentUrl(tenant), 'file', PDF())).json();
    await t.app.ctx.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 2.5 * 3600 * 1000) })
      .where(eq(uploads.id, old.id));
    const [oldRow] = await t.app.ctx.db.select().from(uploads).where(eq(uploads.id, old.id));
    expect(await sweepOrphanUploads(t.app.ctx)).toBe(1);
    expect(await storedExists(t.app, `files/${oldRow?.path ?? 'x'}`)).toBe(false);
    expect((await t.app.ctx.db.select({ id: uploads.id }).from(uploads)).map((r) => r.id)).toEqual([young.id]);
  });
});
