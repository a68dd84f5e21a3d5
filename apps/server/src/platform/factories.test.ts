import { appConfig, appMenu } from '@app/contract/schemas/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeModule, makeTenant, makeUser } from '../../test/factories.ts';
import { createTestApp, login, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { users: 0 });
});
afterAll(() => t.close());

const menu = (token: string) => t.app.inject({ url: '/user/app-menu', headers: { 'access-token': token } });

describe('test factories', () => {
  it('make a published tenant with its modules, whose user token opens its menu', async () => {
    const tenant = await makeTenant(t, { modules: ['news', 'chats'] });
    const config = await t.app.inject({ url: '/user/app-config', headers: { 'app-key': tenant.app.key } });
    expect(config.statusCode).toBe(200);
    expect(appConfig.parse(config.json())).toMatchObject({ app_key: tenant.app.key, is_published: true });

    const { user, token } = await makeUser(t, tenant);
    expect(user.appId).toBe(tenant.app.id);
    const res = await menu(token);
    expect(res.statusCode).toBe(200);
    const m = appMenu.parse(res.json());
    expect(m.user_id).toBe(user.id);
    expect(m.menu.map((i) => [i.type, i.app_module_id])).toEqual([
      ['news', tenant.modules[0]?.id],
      ['chats', tenant.modules[1]?.id],
    ]);

    // A module added later comes last, in the menu too.
    const agenda = await makeModule(t, tenant, 'agenda', { name: 'Programme' });
    expect(tenant.modules.at(-1)).toEqual(agenda);
    const after = appMenu.parse((await menu(token)).json());
    expect(after.menu.map((i) => [i.type, i.name])).toEqual([
      ['news', 'news'],
      ['chats', 'chats'],
      ['agenda', 'Programme'],
    ]);
  });

  it('make tenants and users apart from each other, with a password only when asked', async () => {
    const [a, b] = await Promise.all([makeTenant(t), makeTenant(t, { isPublished: false })]);
    expect(a.app.key).not.toBe(b.app.key);
    const ua = await makeUser(t, a, { password: 'Factory-pass-1' });
    const ub = await makeUser(t, b);
    expect(ua.token).not.toBe(ub.token);
    expect(ub.user.passwordHash).toBeNull();
    expect(await login(t.app, ua.user.email, 'Factory-pass-1', a.app.key)).toMatch(/^[\w-]{43}$/);
    // The unpublished tenant's token is its own: 451, not the other tenant's menu.
    expect((await menu(ub.token)).statusCode).toBe(451);
    expect((await menu('not-a-token')).statusCode).toBe(401);
  });
});
