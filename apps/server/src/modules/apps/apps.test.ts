import { ACHIEVEMENTS, PREFERENCES } from '@app/contract/constants';
import { type AppMenu, appConfig, appMenu } from '@app/contract/schemas/app';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { giveBubbles, makeModule, makeTenant, makeUser } from '../../../test/factories.ts';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { appByKey, errorOf, updateApp } from '../../../test/helpers.ts';
import { appDomains } from './apps.table.ts';

let t: TestApp;
let anna: string;
let ben: string;
let admin: string;
let annaDark: string;

beforeAll(async () => {
  t = await createTestApp();
  [anna, ben, admin, annaDark] = await Promise.all([
    login(t.app, 'anna@demo.test'),
    login(t.app, 'ben@demo.test'),
    login(t.app, 'admin@demo.test'),
    login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark'),
  ]);
});
afterAll(() => t.close());

const config = (headers: Record<string, string> = {}, query = '') => t.app.inject({ url: `/user/app-config${query}`, headers });
const menu = (token: string | undefined, headers: Record<string, string> = {}) =>
  t.app.inject({ url: '/user/app-menu', headers: token === undefined ? headers : { 'access-token': token, ...headers } });

async function menuOf(token: string): Promise<AppMenu> {
  const res = await menu(token);
  expect(res.statusCode).toBe(200);
  return appMenu.parse(res.json());
}

describe('GET /user/app-config', () => {
  it('answers the app named by the app-key header', async () => {
    const res = await config({ 'app-key': 'demo' });
    expect(res.statusCode).toBe(200);
    const c = appConfig.parse(res.json());
    expect(c).toMatchObject({
      app_key: 'demo',
      app_name: 'Open Summit 2026',
      is_published: true,
      theme: 'light',
      menu_style: 'classic',
      time_format: '24H',
      locale: 'en_US',
      main_color: '#2456d3',
      signup_mode: 'open',
      signup_title: 'Join Open Summit 2026',
      currency: { title: 'EUR', symbol: '€', is_before: false },
    });
    const dark = appConfig.parse((await config({ 'app-key': 'demo-dark' })).json());
    expect(dark).toMatchObject({
      app_key: 'demo-dark',
      app_name: 'Nightline Community',
      theme: 'dark',
      menu_style: 'large',
      time_format: '12H',
      currency: { title: 'USD', symbol: '$', is_before: true },
    });
  });

  it('accepts ?app= and the expand parameter of the spec', async () => {
    const res = await config({}, '?app=demo-dark&expand=app_logo');
    expect(res.statusCode).toBe(200);
    expect(appConfig.parse(res.json()).app_key).toBe('demo-dark');
  });

  it('resolves the app from the host', async () => {
    expect(appConfig.parse((await config({ host: 'localhost:8080' })).json()).app_key).toBe('demo');
    // A domain of the dark app proves the host is really looked up (the fallback is demo).
    const dark = await appByKey(t, 'demo-dark');
    await t.app.ctx.db.insert(appDomains).values({ domain: 'night.example.test', appId: dark.id });
    t.app.ctx.apps.invalidate();
    expect(appConfig.parse((await config({ host: 'NIGHT.example.test:443' })).json()).app_key).toBe('demo-dark');
    // The header wins over the host.
    expect(appConfig.parse((await config({ host: 'night.example.test', 'app-key': 'demo' })).json()).app_key).toBe('demo');
  });

  it('answers 404 for an unknown app key', async () => {
    const res = await config({ 'app-key': 'no-such-app' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toMatch(/does not exist/);
    expect((await config({}, '?app=no-such-app')).statusCode).toBe(404);
  });

  it('refuses unknown query parameters', async () => {
    const res = await config({ 'app-key': 'demo' }, '?foo=1');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ field: 'foo', message: 'This field is not allowed' }]);
  });
});

describe('GET /user/app-menu', () => {
  it('has the contract shape and the menu of the token app', async () => {
    const a = await makeTenant(t, { ownerEmail: 'owner@a.test' });
    for (const [type, name] of [
      ['news', 'News'],
      ['agenda', 'Agenda'],
      ['chats', 'Chats'],
    ] as const)
      await makeModule(t, a, type, { name });
    const b = await makeTenant(t, { modules: ['activity', 'profile'] });
    const [ua, ub] = await Promise.all([makeUser(t, a), makeUser(t, b)]);

    const m = await menuOf(ua.token);
    expect(m.user_id).toBe(ua.user.id);
    expect(m.menu.map((i) => [i.type, i.name, i.app_module_id])).toEqual(a.modules.map((r) => [r.type, r.name, r.id]));
    expect(m.menu.map((i) => i.position)).toEqual([1, 2, 3]);
    expect(m.menu[0]).toMatchObject({ type: 'news', name: 'News', icon_name: 'news', url: `/news/${m.menu[0]?.app_module_id}` });
    expect(m.owner_email).toBe('owner@a.test');
    expect(m.preferences_all).toEqual([...PREFERENCES]);
    expect(m.achive_badges_all).toEqual([...ACHIEVEMENTS]);
    expect(m.push_public_key).toBe(t.app.ctx.vapid.publicKey);
    expect(m.push_public_key).toMatch(/^[\w-]{87}$/);
    expect(m.max_upload_size).toBe(10 * 1024 * 1024);

    const other = await menuOf(ub.token);
    expect(other.menu.map((i) => i.type)).toEqual(['activity', 'profile']);
    expect(other.user_id).toBe(ub.user.id);
    const aIds = new Set(m.menu.map((i) => i.app_module_id));
    expect(other.menu.some((i) => aIds.has(i.app_module_id))).toBe(false);

    // The demo apps answer their own menus too.
    const demo = await menuOf(anna);
    const dark = await menuOf(annaDark);
    expect(demo.owner_email).toBe('admin@demo.test');
    expect(demo.menu.length).toBeGreaterThan(0);
    expect(dark.menu.length).toBeGreaterThan(0);
    expect(dark.menu.some((i) => new Set(demo.menu.map((d) => d.app_module_id)).has(i.app_module_id))).toBe(false);
  });

  it('takes the app from the token, not from an app-key header', async () => {
    const a = await makeTenant(t, { modules: ['news', 'agenda'] });
    const { token } = await makeUser(t, a);
    const m = appMenu.parse((await menu(token, { 'app-key': 'demo-dark' })).json());
    expect(m.menu.map((i) => i.app_module_id)).toEqual(a.modules.map((r) => r.id));
    const demo = appMenu.parse((await menu(anna, { 'app-key': 'demo-dark' })).json());
    expect(demo.menu.map((i) => i.app_module_id)).toEqual((await menuOf(anna)).menu.map((i) => i.app_module_id));
  });

  it('carries the bubbles of the user', async () => {
    const tenant = await makeTenant(t, { modules: ['news', 'chats', 'networking', 'activity'] });
    const [reader, other] = await Promise.all([makeUser(t, tenant), makeUser(t, tenant)]);
    await giveBubbles(t, tenant, reader.user.id, { chats: 3, networking: 2, activity: 1 });

    const m = await menuOf(reader.token);
    const bubble = (type: string) => m.menu.find((i) => i.type === type)?.bubble;
    expect(bubble('chats')?.slice().sort()).toEqual([1, 2, 3]);
    expect(bubble('networking')?.slice().sort()).toEqual([1, 2]);
    expect(bubble('activity')).toEqual([1]);
    expect(bubble('news')).toEqual([]);
    expect(m.app_badge_count).toBe(6);

    const b = await menuOf(other.token);
    expect(b.app_badge_count).toBe(0);
    expect(b.menu.every((i) => i.bubble.length === 0)).toBe(true);
  });

  it('flags only the admin', async () => {
    const a = await menuOf(admin);
    expect(a.is_admin).toBe(true);
    expect(a.claims).toEqual(['admin']);
    for (const token of [anna, ben, annaDark]) {
      const m = await menuOf(token);
      expect(m.is_admin).toBe(false);
      expect(m.claims).toEqual([]);
    }
  });

  it('reports the seeded profiles as completed', async () => {
    for (const token of [anna, ben, admin, annaDark]) {
      expect((await menuOf(token)).is_profile_completed).toEqual(['personal']);
    }
  });

  it('answers 401 without a token, with a bad one and with an overlong one', async () => {
    for (const res of [
      await menu(undefined),
      await menu('not-a-token'),
      await menu(`${anna}x`),
      await menu('a'.repeat(5000)),
      await menu(undefined, { 'app-key': 'demo' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).message).toBe('Your session has expired. Please sign in again');
    }
  });
});

describe('unpublished and locked apps', () => {
  afterEach(async () => {
    await updateApp(t, 'demo', { isPublished: true, isLocked: false });
    await updateApp(t, 'demo-dark', { isPublished: true, isLocked: false });
  });

  it('answers config 200 with is_published false and authenticated calls 451', async () => {
    await updateApp(t, 'demo', { isPublished: false });
    const res = await config({ 'app-key': 'demo' });
    expect(res.statusCode).toBe(200);
    expect(appConfig.parse(res.json()).is_published).toBe(false);

    const m = await menu(anna);
    expect(m.statusCode).toBe(451);
    expect(errorOf(m).message).toBe('App is unavailable');
    expect((await t.app.inject({ url: '/user/activity', headers: { 'access-token': anna } })).statusCode).toBe(451);
    // Sign-in is closed too.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'app-key': 'demo' },
      payload: { email: 'ben@demo.test', password: 'demo1234!' },
    });
    expect(signIn.statusCode).toBe(451);

    // The other app is untouched.
    expect((await menu(annaDark)).statusCode).toBe(200);
    expect(appConfig.parse((await config({ 'app-key': 'demo-dark' })).json()).is_published).toBe(true);
  });

  it('answers 423 for a locked app, on config and on authenticated calls', async () => {
    await updateApp(t, 'demo-dark', { isLocked: true });
    const res = await config({ 'app-key': 'demo-dark' });
    expect(res.statusCode).toBe(423);
    expect(errorOf(res).message).toBe('App is locked');
    expect((await menu(annaDark)).statusCode).toBe(423);
    // Locked wins over unpublished.
    await updateApp(t, 'demo-dark', { isLocked: true, isPublished: false });
    expect((await menu(annaDark)).statusCode).toBe(423);
    expect((await menu(anna)).statusCode).toBe(200);
  });

  it('opens again once the flags are restored', async () => {
    await updateApp(t, 'demo', { isPublished: false });
    expect((await menu(anna)).statusCode).toBe(451);
    await updateApp(t, 'demo', { isPublished: true });
    expect((await menu(anna)).statusCode).toBe(200);
  });
});
