import type { MenuItem } from '@app/contract/schemas/app';
import { describe, expect, it } from 'vitest';
import { bubbleDisplay, installEntry, isModuleQuery, menuEntries, splitFooter, strongestBubble } from './menu-model.ts';

const item = (type: MenuItem['type'], bubble: number[] = [], id = 1): MenuItem => ({
  app_module_id: id,
  name: type,
  position: id,
  type,
  icon_name: type,
  icon: null,
  url: `/${type}/${id}`,
  params: {},
  bubble,
});
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('bubbleDisplay', () => {
  it('shows a number for chats and networking, capped at 99+', () => {
    expect(bubbleDisplay(item('chats', ids(3)))).toEqual({ kind: 'count', count: 3, label: '3' });
    expect(bubbleDisplay(item('networking', ids(99)))).toEqual({ kind: 'count', count: 99, label: '99' });
    expect(bubbleDisplay(item('chats', ids(100)))).toEqual({ kind: 'count', count: 100, label: '99+' });
  });
  it('shows a dot for activity and nothing for other modules or empty lists', () => {
    expect(bubbleDisplay(item('activity', [7]))).toEqual({ kind: 'dot', count: 1 });
    expect(bubbleDisplay(item('agenda', [1, 2]))).toBeNull();
    // Blogs, news and forums count their new posts.
    expect(bubbleDisplay(item('news', [1, 2]))).toEqual({ kind: 'count', count: 2, label: '2' });
    expect(bubbleDisplay(item('chats'))).toBeNull();
  });
});

describe('strongestBubble', () => {
  it('prefers chats over networking over activity', () => {
    expect(strongestBubble([item('activity', [1]), item('chats', [1, 2]), item('networking', [1])])).toEqual({
      kind: 'count',
      count: 2,
      label: '2',
    });
    expect(strongestBubble([item('activity', [1]), item('networking', [1])])?.kind).toBe('count');
    expect(strongestBubble([item('agenda', [1]), item('activity', [1])])).toEqual({ kind: 'dot', count: 1 });
    expect(strongestBubble([item('news', [1]), item('activity', [1])])).toEqual({ kind: 'count', count: 1, label: '1' });
    expect(strongestBubble([item('news', [1]), item('chats', [4, 5])])?.count).toBe(2);
    expect(strongestBubble([item('chats')])).toBeNull();
  });
});

describe('splitFooter', () => {
  it('keeps up to five entries as they are', () => {
    expect(splitFooter([1, 2, 3])).toEqual({ visible: [1, 2, 3], overflow: [] });
    expect(splitFooter([1, 2, 3, 4, 5])).toEqual({ visible: [1, 2, 3, 4, 5], overflow: [] });
  });
  it('shows four and moves the fifth on into the Menu panel when there are more', () => {
    expect(splitFooter([1, 2, 3, 4, 5, 6])).toEqual({ visible: [1, 2, 3, 4], overflow: [5, 6] });
    expect(splitFooter(ids(17)).overflow).toHaveLength(13);
  });
});

describe('menuEntries', () => {
  it('appends the install entry after the modules and drops server install entries', () => {
    const entries = menuEntries([item('news'), item('installIos'), item('chats', [], 2)], installEntry(false, 'Install app'));
    expect(entries.map((e) => e.type)).toEqual(['news', 'chats', 'installAndroid']);
    expect(menuEntries([item('news')], null).map((e) => e.type)).toEqual(['news']);
    expect(installEntry(true, 'x').type).toBe('installIos');
  });
});

describe('isModuleQuery', () => {
  it('matches queries keyed by the module type', () => {
    expect(isModuleQuery(['activity', 'feed'], 'activity')).toBe(true);
    expect(isModuleQuery(['app-menu', 'tok'], 'activity')).toBe(false);
  });
});
