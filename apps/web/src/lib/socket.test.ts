import type { ActivityItem } from '@app/contract/schemas/activity';
import type { AppMenu, MenuItem } from '@app/contract/schemas/app';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { prependToFirstPage } from './cache-updates.ts';
import { i18next } from './i18n.ts';
import { applyBubble, socketAuth } from './socket.ts';

const entry = (app_module_id: number, type: MenuItem['type'], bubble: number[] = []): MenuItem => ({
  app_module_id,
  name: type,
  position: app_module_id,
  type,
  icon_name: type,
  icon: null,
  url: `/${type}/${app_module_id}`,
  params: {},
  bubble,
});
const menu: AppMenu = {
  menu: [entry(1, 'news'), entry(4, 'chats', [1, 2, 3]), entry(6, 'activity', [9])],
  user_id: 2,
  owner_email: null,
  claims: [],
  max_upload_size: 1,
  is_admin: false,
  is_profile_completed: ['personal'],
  preferences_all: [],
  achive_badges_all: [],
  push_public_key: '',
  app_badge_count: 4,
};

describe('applyBubble', () => {
  it("replaces the module's bubble list and recounts the badge", () => {
    const next = applyBubble(menu, { module: { type: 'chats', app_module_id: 4 }, items: [1, 2, 3, 4, 5] });
    expect(next.menu.find((m) => m.app_module_id === 4)?.bubble).toEqual([1, 2, 3, 4, 5]);
    expect(next.app_badge_count).toBe(6);
    expect(menu.menu[1]?.bubble).toEqual([1, 2, 3]);
  });
  it('clears a bubble', () => {
    const next = applyBubble(menu, { module: { type: 'activity', app_module_id: 6 }, items: [] });
    expect(next.menu.find((m) => m.app_module_id === 6)?.bubble).toEqual([]);
    expect(next.app_badge_count).toBe(3);
  });
  it('keeps the same object when nothing changes or the module is unknown', () => {
    expect(applyBubble(menu, { module: { type: 'chats', app_module_id: 4 }, items: [1, 2, 3] })).toBe(menu);
    expect(applyBubble(menu, { module: { type: 'chats', app_module_id: 99 }, items: [1] })).toBe(menu);
  });
});

const item = (id: number) => ({ id }) as ActivityItem;
type Feed = InfiniteData<{ items: ActivityItem[] }>;
const feed = (...pages: number[][]): Feed => ({
  pages: pages.map((ids) => ({ items: ids.map(item) })),
  pageParams: pages.map((_, i) => i + 1),
});

describe('prependToFirstPage', () => {
  it('puts a live item on top of the first page', () => {
    const next = prependToFirstPage(feed([2, 1], [0]), item(3));
    expect(next?.pages[0]?.items.map((i) => i.id)).toEqual([3, 2, 1]);
    expect(next?.pages[1]?.items.map((i) => i.id)).toEqual([0]);
  });
  it('ignores an item it already has, and a feed that is not loaded', () => {
    const data = feed([2, 1]);
    expect(prependToFirstPage(data, item(2))).toBe(data);
    expect(prependToFirstPage(undefined, item(2))).toBeUndefined();
  });
});

describe('socketAuth', () => {
  it('sends the token with the interface locale as the cookie spells it', async () => {
    expect(socketAuth('tok', 'lt_LT')).toEqual({ token: 'tok', locale: 'lt_LT' });
    // Before i18next starts, English.
    expect(socketAuth('tok')).toEqual({ token: 'tok', locale: 'en_US' });
    await i18next.init({ lng: 'de-DE', resources: {} });
    expect(socketAuth('tok')).toEqual({ token: 'tok', locale: 'de_DE' });
    await i18next.changeLanguage('uk-UA');
    expect(socketAuth('tok')).toEqual({ token: 'tok', locale: 'uk_UA' });
  });
});
