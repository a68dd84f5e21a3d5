import { MODULE_TYPES } from '@app/contract/constants';
import { describe, expect, it } from 'vitest';
import { BUBBLE_RULES, RELOAD_ON_RETURN, WEB_MODULES } from './modules.ts';
import { ALL_ROUTES, AUTH_ROUTES, matchRoute, pageOf } from './route-table.ts';

const dupes = (xs: string[]) => xs.filter((x, i) => xs.indexOf(x) !== i);

describe('the route table derived from the module list', () => {
  it('has no two routes with one name or one path', () => {
    expect(dupes(ALL_ROUTES.map((r) => r.name))).toEqual([]);
    expect(dupes(ALL_ROUTES.map((r) => r.path.replace(/:[a-z_]+/g, ':')))).toEqual([]);
  });

  it('lists each module once, and each module names its own routes', () => {
    expect(dupes(WEB_MODULES.map((m) => m.type))).toEqual([]);
    for (const m of WEB_MODULES) for (const r of m.routes) expect(r.name.startsWith(`${m.type}.`), r.name).toBe(true);
  });

  it('gives every module type of the menu an index route', () => {
    for (const type of MODULE_TYPES) expect(matchRoute(`/${type}/7`)?.name).toBe(`${type}.index`);
  });

  it('finds the built pages by name and leaves planned routes to the placeholder', () => {
    expect(pageOf('auth.index')).toBeDefined();
    expect(pageOf('activity.index')).toBeDefined();
    expect(pageOf('blogs.item')).toBeDefined();
    expect(matchRoute('/blogs/3/post/9')?.name).toBe('blogs.item');
    expect(matchRoute('/forums/4/best-talks/12/item/30/edit')?.name).toBe('forums.edit');
    expect(pageOf('agenda.details')).toBeDefined();
    expect(pageOf('marketplace.item')).toBeDefined();
    expect(matchRoute('/marketplace/3/9')?.name).toBe('marketplace.item');
    expect(AUTH_ROUTES.every((r) => r.layout === 'auth')).toBe(true);
  });

  it('derives bubble rules and reload-on-return pages from the manifests', () => {
    expect(BUBBLE_RULES.chats?.priority).toBeGreaterThan(BUBBLE_RULES.networking?.priority ?? 0);
    expect(BUBBLE_RULES.activity?.kind).toBe('dot');
    expect(RELOAD_ON_RETURN['networking.speed']).toBe('networking');
    expect(RELOAD_ON_RETURN['chats.index']).toBe('chats');
    for (const name of Object.keys(RELOAD_ON_RETURN))
      expect(
        ALL_ROUTES.some((r) => r.name === name),
        name,
      ).toBe(true);
  });
});
