import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { appMenu } from '@app/contract/schemas/app';
import { myProfile, relatedList, userSettings } from '@app/contract/schemas/users';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser } from '../../../test/factories.ts';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { appByKey, errorOf, fieldErrorsOf, fieldsOf, multipart, pageHeaders, userByEmail } from '../../../test/helpers.ts';
import { activities } from '../activity/activity.table.ts';
import { userProfiles } from './profiles.table.ts';
import { users } from './users.table.ts';

let t: TestApp;
let anna: string;
let ben: string;
let annaDark: string;
let demoModules: Map<string, number>;
let darkModules: Map<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  [anna, ben, annaDark] = await Promise.all([
    login(t.app, 'anna@demo.test'),
    login(t.app, 'ben@demo.test'),
    login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark'),
  ]);
  const modules = async (token: string) =>
    new Map(appMenu.parse((await get(token, '/user/app-menu')).json()).menu.map((m) => [m.type, m.app_module_id] as const));
  [demoModules, darkModules] = await Promise.all([modules(anna), modules(annaDark)]);
});
afterAll(() => t.close());

const get = (token: string, url: string) => t.app.inject({ url, headers: { 'access-token': token } });
const put = (token: string, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, headers: { 'access-token': token }, payload });

function moduleId(map: Map<string, number>, type: string): number {
  const id = map.get(type);
  if (id === undefined) throw new Error(`no ${type} module`);
  return id;
}

describe('GET /user/related-list', () => {
  it('pages the confirmed users of the app for a module', async () => {
    const tenant = await makeTenant(t, { modules: ['appusers'] });
    const id = tenant.modules[0]?.id ?? 0;
    // The reader, a known member and 21 others are confirmed; one more is not and is never listed.
    const reader = await makeUser(t, tenant);
    const known = await makeUser(t, tenant, { firstName: 'Anna', lastName: 'Novak', jobTitle: 'Product Manager', isVerified: true });
    for (let i = 0; i < 21; i++) await makeUser(t, tenant);
    const unconfirmed = await makeUser(t, tenant, { emailConfirmedAt: null });

    const first = await get(reader.token, `/user/related-list?entity=module&id=${id}`);
    expect(first.statusCode).toBe(200);
    const page1 = relatedList.parse(first.json());
    expect(pageHeaders(first)).toEqual({ pageCount: 2, totalCount: 23, currentPage: 1, perPage: 20 });
    expect(page1).toHaveLength(20);
    const second = await get(reader.token, `/user/related-list?entity=module&id=${id}&page=2`);
    const page2 = relatedList.parse(second.json());
    expect(page2).toHaveLength(3);
    expect(pageHeaders(second).currentPage).toBe(2);

    const all = [...page1, ...page2];
    expect(new Set(all.map((u) => u.id)).size).toBe(23);
    expect(all.some((u) => u.id === unconfirmed.user.id)).toBe(false);
    const listed = all.find((u) => u.id === known.user.id);
    expect(listed).toMatchObject({ fullname: 'Anna Novak', is_verified: true });
    expect(listed?.profile.find((f) => f.name === 'job_title')?.value).toBe('Product Manager');

    // Every listed user belongs to the token's app.
    const rows = await t.app.ctx.db.select({ id: users.id, appId: users.appId }).from(users);
    const appOf = new Map(rows.map((r) => [r.id, r.appId]));
    for (const u of all) expect(appOf.get(u.id)).toBe(tenant.app.id);

    const small = await get(reader.token, `/user/related-list?entity=module&id=${id}&per-page=5&page=5`);
    expect(pageHeaders(small)).toEqual({ pageCount: 5, totalCount: 23, currentPage: 5, perPage: 5 });
    expect(relatedList.parse(small.json())).toHaveLength(3);

    // The demo app lists its own confirmed members who did not opt out of listings (a few did), as
    // many as the database holds.
    const demo = await appByKey(t, 'demo');
    const [confirmed] = await t.app.ctx.db
      .select({ n: count() })
      .from(users)
      .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(
        and(
          eq(users.appId, demo.id),
          isNotNull(users.emailConfirmedAt),
          isNull(users.deletedAt),
          sql`coalesce(${userProfiles.listedInDirectory}, true)`,
        ),
      );
    const demoList = await get(anna, `/user/related-list?entity=module&id=${moduleId(demoModules, 'appusers')}`);
    expect(pageHeaders(demoList).totalCount).toBe(confirmed?.n);
  });

  it('answers 404 for a module id of the other app or an unknown one', async () => {
    const other = await get(anna, `/user/related-list?entity=module&id=${moduleId(darkModules, 'networking')}`);
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).status).toBe(404);
    expect((await get(annaDark, `/user/related-list?entity=module&id=${moduleId(demoModules, 'news')}`)).statusCode).toBe(404);
    expect((await get(anna, '/user/related-list?entity=module&id=999999')).statusCode).toBe(404);
  });

  it('lists the author of an activity, and only of the own app', async () => {
    const demo = await appByKey(t, 'demo');
    const [act] = await t.app.ctx.db.select().from(activities).where(eq(activities.appId, demo.id)).limit(1);
    if (!act) throw new Error('no activity');
    const res = await get(anna, `/user/related-list?entity=activity&id=${act.id}`);
    expect(res.statusCode).toBe(200);
    const list = relatedList.parse(res.json());
    expect(list.map((u) => u.id)).toEqual([act.userId]);
    expect(pageHeaders(res)).toEqual({ pageCount: 1, totalCount: 1, currentPage: 1, perPage: 20 });
    const page2 = await get(anna, `/user/related-list?entity=activity&id=${act.id}&page=2`);
    expect(page2.json()).toEqual([]);

    expect((await get(annaDark, `/user/related-list?entity=activity&id=${act.id}`)).statusCode).toBe(404);
  });

  it('validates entity, id and paging', async () => {
    const id = moduleId(demoModules, 'appusers');
    expect(fieldsOf(await get(anna, `/user/related-list?entity=chat&id=${id}`))).toEqual(['entity']);
    expect(fieldsOf(await get(anna, '/user/related-list?entity=module&id=abc'))).toEqual(['id']);
    expect(fieldsOf(await get(anna, '/user/related-list?entity=module&id=-4'))).toEqual(['id']);
    expect(fieldsOf(await get(anna, '/user/related-list?entity=module'))).toEqual(['id']);
    expect(fieldsOf(await get(anna, `/user/related-list?entity=module&id=${id}&page=0`))).toEqual(['page']);
    expect(fieldsOf(await get(anna, `/user/related-list?entity=module&id=${id}&per-page=101`))).toEqual(['per-page']);
  });
});

describe('GET /user/settings', () => {
  it('answers the notification settings', async () => {
    const res = await get(anna, '/user/settings');
    expect(res.statusCode).toBe(200);
    expect(userSettings.parse(res.json())).toEqual({ notification_mode: 'all', inapp: { enabled: true }, push: { enabled: true } });

    const user = await userByEmail(t, 'demo', 'ben@demo.test');
    await t.app.ctx.db.update(users).set({ notificationMode: 'inapp', inappEnabled: false }).where(eq(users.id, user.id));
    expect(userSettings.parse((await get(ben, '/user/settings')).json())).toEqual({
      notification_mode: 'inapp',
      inapp: { enabled: false },
      push: { enabled: false },
    });
    expect((await t.app.inject({ url: '/user/settings' })).statusCode).toBe(401);
  });
});

describe('GET/PUT /user/profile', () => {
  it('answers the own profile', async () => {
    const res = await get(anna, '/user/profile');
    expect(res.statusCode).toBe(200);
    const p = myProfile.parse(res.json());
    expect(p).toMatchObject({
      email: 'anna@demo.test',
      first_name: 'Anna',
      last_name: 'Novak',
      job_title: 'Product Manager',
      is_profile_completed: true,
    });
    expect(p.id).toBe((await userByEmail(t, 'demo', 'anna@demo.test')).id);
    const dark = myProfile.parse((await get(annaDark, '/user/profile')).json());
    expect(dark.id).not.toBe(p.id);
    expect(dark.id).toBe((await userByEmail(t, 'demo-dark', 'anna@demo.test')).id);
  });

  it('saves trimmed values and changes only the own app account', async () => {
    const res = await put(annaDark, '/user/profile', {
      first_name: '  Annie ',
      last_name: 'Novak-Dark',
      job_title: 'Night Owl',
      company: 'Nightline',
    });
    expect(res.statusCode).toBe(200);
    expect(myProfile.parse(res.json())).toMatchObject({
      first_name: 'Annie',
      last_name: 'Novak-Dark',
      job_title: 'Night Owl',
      company: 'Nightline',
    });
    expect(myProfile.parse((await get(annaDark, '/user/profile')).json()).first_name).toBe('Annie');
    expect(myProfile.parse((await get(anna, '/user/profile')).json()).first_name).toBe('Anna');
  });

  it('refuses blank and overlong names with field messages', async () => {
    const blank = await put(anna, '/user/profile', { first_name: '   ', last_name: '', job_title: 'X' });
    expect(fieldErrorsOf(blank).sort((a, b) => a.field.localeCompare(b.field))).toEqual([
      { field: 'first_name', message: 'Value cannot be blank' },
      { field: 'last_name', message: 'Value cannot be blank' },
    ]);
    const missing = await put(anna, '/user/profile', { first_name: 'Anna' });
    expect(fieldsOf(missing)).toEqual(['job_title', 'last_name']);
    const long = await put(anna, '/user/profile', { first_name: 'A'.repeat(101), last_name: 'N', job_title: 'X' });
    expect(fieldErrorsOf(long)).toEqual([{ field: 'first_name', message: 'This value is too long' }]);
    const unknown = await put(anna, '/user/profile', { first_name: 'A', last_name: 'N', job_title: 'X', is_admin: true });
    expect(fieldsOf(unknown)).toEqual(['is_admin']);
    const wrongType = await put(anna, '/user/profile', { first_name: 5, last_name: 'N', job_title: 'X' });
    expect(fieldsOf(wrongType)).toEqual(['first_name']);
    // Nothing was saved.
    expect(myProfile.parse((await get(anna, '/user/profile')).json()).first_name).toBe('Anna');
  });

  it('reports an incomplete profile when the job title is blanked', async () => {
    const user = await userByEmail(t, 'demo', 'ben@demo.test');
    await t.app.ctx.db.update(users).set({ jobTitle: '' }).where(eq(users.id, user.id));
    expect(appMenu.parse((await get(ben, '/user/app-menu')).json()).is_profile_completed).toEqual([]);
    expect(myProfile.parse((await get(ben, '/user/profile')).json()).is_profile_completed).toBe(false);

    const saved = await put(ben, '/user/profile', { first_name: 'Ben', last_name: 'Schmidt', job_title: 'Engineer' });
    expect(myProfile.parse(saved.json()).is_profile_completed).toBe(true);
    expect(appMenu.parse((await get(ben, '/user/app-menu')).json()).is_profile_completed).toEqual(['personal']);
  });
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const upload = (token: string, body: { payload: Buffer; headers: Record<string, string> }, on = t) =>
  on.app.inject({ method: 'POST', url: '/user/avatar', headers: { 'access-token': token, ...body.headers }, payload: body.payload });

/** A PNG header that claims width × height, with no pixel data: what a decompression bomb looks like before decoding. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const idat = zlib.deflateSync(Buffer.alloc(width * 3 + 1));
  return Buffer.concat([PNG.subarray(0, 8), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

const photo = (width: number, height: number, format: 'png' | 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .toFormat(format)
    .toBuffer();

describe('POST /user/avatar', () => {
  it('stores the image as a WebP of at most 512 px and serves it', async () => {
    const res = await upload(anna, multipart('avatar', 'me.png', await photo(1200, 900, 'png')));
    expect(res.statusCode).toBe(200);
    const p = myProfile.parse(res.json());
    expect(p.avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    expect(myProfile.parse((await get(anna, '/user/profile')).json()).avatar).toBe(p.avatar);
    const file = await t.app.inject({ url: p.avatar ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
  });

  it('keeps a small image at its size and reads the type from the bytes, not from the client', async () => {
    const res = await upload(ben, multipart('avatar', 'photo.png', await photo(64, 48, 'jpeg')));
    expect(res.statusCode).toBe(200);
    const file = await t.app.inject({ url: myProfile.parse(res.json()).avatar ?? '' });
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 48]);
  });

  it('deletes the file it replaces', async () => {
    const first = myProfile.parse((await upload(ben, multipart('avatar', 'a.png', PNG))).json()).avatar ?? '';
    expect((await t.app.inject({ url: first })).statusCode).toBe(200);
    const second = myProfile.parse((await upload(ben, multipart('avatar', 'b.png', PNG))).json()).avatar ?? '';
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ url: second })).statusCode).toBe(200);
  });

  it('refuses an image above 32 megapixels before decoding it', async () => {
    const before = myProfile.parse((await get(anna, '/user/profile')).json()).avatar;
    const bomb = pngHeader(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    const res = await upload(anna, multipart('avatar', 'bomb.png', bomb));
    expect(fieldErrorsOf(res)).toEqual([{ field: 'avatar', message: 'This image is too large in pixels (at most 32 megapixels)' }]);
    expect(myProfile.parse((await get(anna, '/user/profile')).json()).avatar).toBe(before);
  });

  it('refuses a text file renamed .png, and a file that only starts like an image', async () => {
    const before = myProfile.parse((await get(anna, '/user/profile')).json()).avatar;
    for (const data of [Buffer.from('<?php echo "hi"; ?>\n'), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)])]) {
      const res = await upload(anna, multipart('avatar', 'evil.png', data));
      expect(fieldErrorsOf(res)).toEqual([{ field: 'avatar', message: 'Please choose a JPEG, PNG, WebP or GIF image' }]);
    }
    expect(myProfile.parse((await get(anna, '/user/profile')).json()).avatar).toBe(before);
  });

  it('accepts a photo of a few megabytes, below the avatar limit', async () => {
    const noise = await sharp(crypto.randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await upload(ben, multipart('avatar', 'big.png', noise));
    expect(res.statusCode).toBe(200);
    expect(myProfile.parse(res.json()).avatar).toMatch(/\.webp$/);
  });

  it('refuses a file that is too large', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(anna, multipart('avatar', 'big.png', big));
    expect(fieldErrorsOf(res)).toEqual([{ field: 'avatar', message: 'Your avatar size is too large!' }]);
  });

  it('refuses a request without a file', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/user/avatar', headers: { 'access-token': anna }, payload: { avatar: 'x' } });
    expect(fieldsOf(json)).toEqual(['avatar']);
    const empty = await upload(anna, multipart('avatar', 'empty.png', Buffer.alloc(0)));
    expect(fieldsOf(empty)).toEqual(['avatar']);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/user/avatar', ...multipart('avatar', 'me.png', PNG) });
    expect(res.statusCode).toBe(401);
  });

  it('limits uploads per member, not per address', async () => {
    const limited = await createTestApp({ rateLimit: { auth: 20, uploads: 2, writes: 120, windowMs: 60_000 } });
    try {
      const [a, b] = await Promise.all([login(limited.app, 'anna@demo.test'), login(limited.app, 'ben@demo.test')]);
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await upload(a, multipart('avatar', 'me.png', PNG), limited)).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      expect((await upload(b, multipart('avatar', 'me.png', PNG), limited)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
