import { appMenu } from '@app/contract/schemas/app';
import { filterList } from '@app/contract/schemas/pwa';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { errorOf, fieldsOf, pageHeaders } from '../../../test/helpers.ts';
import { appModules } from '../apps/apps.table.ts';

let t: TestApp;
let anna: string;
let annaDark: string;
let demo: Map<string, number>;
let dark: Map<string, number>;

const get = (token: string, url: string) => t.app.inject({ url, headers: { 'access-token': token } });

async function modulesOf(token: string) {
  const menu = appMenu.parse((await get(token, '/user/app-menu')).json()).menu;
  return new Map(menu.map((m) => [m.type, m.app_module_id] as const));
}

function id(map: Map<string, number>, type: string): number {
  const v = map.get(type);
  if (v === undefined) throw new Error(`no ${type} module`);
  return v;
}

beforeAll(async () => {
  t = await createTestApp({}, { users: 0 });
  [anna, annaDark] = await Promise.all([login(t.app, 'anna@demo.test'), login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark')]);
  [demo, dark] = await Promise.all([modulesOf(anna), modulesOf(annaDark)]);
});
afterAll(() => t.close());

async function setActive(moduleId: number, isActive: boolean) {
  await t.app.ctx.db.update(appModules).set({ isActive }).where(eq(appModules.id, moduleId));
  t.app.ctx.apps.invalidate();
}

describe('GET /{type}?module=N', () => {
  it('answers an empty page with pagination headers for every module type of the menu', async () => {
    // Types whose own module has landed register `/{type}` themselves and are tested there.
    const spec = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    const generic = [...demo].filter(([type]) => !(`/${type}` in spec.paths));
    expect(generic.length).toBeGreaterThan(0);
    for (const [type, moduleId] of generic) {
      const res = await get(anna, `/${type}?module=${moduleId}`);
      expect(res.statusCode, type).toBe(200);
      expect(res.json()).toEqual([]);
      expect(pageHeaders(res)).toEqual({ pageCount: 1, totalCount: 0, currentPage: 1, perPage: 20 });
    }
    // Paging past the end of a generic module's (empty) list.
    const [pagedType, pagedId] = generic[0] ?? [];
    const paged = await get(anna, `/${pagedType}?module=${pagedId}&page=3&per-page=5`);
    expect(pageHeaders(paged)).toEqual({ pageCount: 1, totalCount: 0, currentPage: 3, perPage: 5 });
  });

  it('answers the default filter list with &filters-list', async () => {
    const res = await get(anna, `/marketplace?module=${id(demo, 'marketplace')}&filters-list`);
    expect(res.statusCode).toBe(200);
    expect(filterList.parse(res.json())).toEqual([{ filter: null, title: 'All', type: 'radio', values: [] }]);
    const empty = await get(annaDark, `/news?module=${id(dark, 'news')}&filters-list=`);
    expect(filterList.parse(empty.json())).toHaveLength(1);
  });

  it('answers 404 for a module of the other app, a wrong type or an unknown id', async () => {
    for (const [token, url] of [
      [anna, `/news?module=${id(dark, 'news')}`],
      [annaDark, `/news?module=${id(demo, 'news')}`],
      [annaDark, `/marketplace?module=${id(demo, 'marketplace')}`],
      [anna, `/agenda?module=${id(demo, 'news')}`],
      [anna, `/news?module=${id(demo, 'news')}&filters-list`.replace('news?', 'blogs?')],
      [anna, '/news?module=999999'],
    ] as const) {
      const res = await get(token, url);
      expect(res.statusCode, url).toBe(404);
      expect(errorOf(res).message).toMatch(/does not exist/);
    }
  });

  it('answers 406 for a deactivated module of the own app only', async () => {
    const news = id(demo, 'news');
    await setActive(news, false);
    try {
      const res = await get(anna, `/news?module=${news}`);
      expect(res.statusCode).toBe(406);
      expect(errorOf(res).message).toBe('This module is no longer available');
      expect((await get(anna, `/news?module=${news}&filters-list`)).statusCode).toBe(406);
      // It has left the menu.
      expect((await modulesOf(anna)).has('news')).toBe(false);
      // The other app learns nothing about it, and the wrong type is still a 404.
      expect((await get(annaDark, `/news?module=${news}`)).statusCode).toBe(404);
      expect((await get(anna, `/blogs?module=${news}`)).statusCode).toBe(404);
    } finally {
      await setActive(news, true);
    }
    expect((await get(anna, `/news?module=${news}`)).statusCode).toBe(200);
  });

  it('validates the query', async () => {
    const news = id(demo, 'news');
    expect(fieldsOf(await get(anna, '/news'))).toEqual(['module']);
    expect(fieldsOf(await get(anna, '/news?module=abc'))).toEqual(['module']);
    expect(fieldsOf(await get(anna, '/news?module=-1'))).toEqual(['module']);
    expect(fieldsOf(await get(anna, `/news?module=${news}&filters-list=x`))).toEqual(['filters-list']);
    expect(fieldsOf(await get(anna, `/news?module=${news}&page=0`))).toEqual(['page']);
    expect(fieldsOf(await get(anna, `/news?module=${news}&per-page=101`))).toEqual(['per-page']);
    expect(fieldsOf(await get(anna, `/news?module=${news}&search=${'s'.repeat(201)}`))).toEqual(['search']);
    expect(fieldsOf(await get(anna, `/news?module=${news}&sort=asc`))).toEqual(['sort']);
    const unknownType = await get(anna, `/nosuchtype?module=${news}`);
    expect([404, 422]).toContain(unknownType.statusCode);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ url: `/news?module=${id(demo, 'news')}`, headers: { 'app-key': 'demo' } });
    expect(res.statusCode).toBe(401);
  });
});
