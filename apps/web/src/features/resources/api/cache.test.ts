import type { ResourceItem } from '@app/contract/schemas/resources';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dropItem, type Page, putItem } from './cache.ts';
import { itemKey, listKey } from './keys.ts';

const M = 7;
let next = 100;
function item(over: Partial<ResourceItem>): ResourceItem {
  return {
    id: next++,
    app_module_id: M,
    folder_id: null,
    folder_title: null,
    type: 'link',
    title: 'x',
    description: '',
    position: 0,
    url: 'https://x.example/',
    file: null,
    files_count: null,
    active: true,
    can_manage: false,
    uploaded_by: 'Ada Admin',
    uploaded_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}
const pages = (items: ResourceItem[]): InfiniteData<Page<ResourceItem>> => ({
  pages: [{ items, page: 1, pageCount: 1, total: items.length }],
  pageParams: [1],
});
const titles = (qc: QueryClient, folder: number | null, search = '') =>
  qc.getQueryData<InfiniteData<Page<ResourceItem>>>(listKey(M, folder, search))?.pages.flatMap((p) => p.items.map((i) => i.title));

/** The root list's count of the first folder, as this reader's cache has it. */
const count = (qc: QueryClient) => qc.getQueryData<InfiniteData<Page<ResourceItem>>>(listKey(M, null, ''))?.pages[0]?.items[0]?.files_count;
const stale = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;

describe('resources cache updates', () => {
  const slides = item({ type: 'folder', title: 'Slides', files_count: 1, url: null });
  const deck = item({ type: 'file', title: 'Deck', folder_id: slides.id, folder_title: 'Slides', url: null });
  const map = item({ title: 'Venue map' });
  const setup = () => {
    const qc = new QueryClient();
    qc.setQueryData(listKey(M, null, ''), pages([slides, map]));
    qc.setQueryData(listKey(M, slides.id, ''), pages([deck]));
    qc.setQueryData(listKey(M, null, 'deck'), pages([deck]));
    return qc;
  };

  it('puts a new item in its folder’s list in order (position, then newest first) and fetches its folder’s count again', () => {
    const qc = setup();
    putItem(qc, item({ title: 'Agenda', folder_id: slides.id }));
    expect(titles(qc, slides.id)).toEqual(['Agenda', 'Deck']);
    expect(titles(qc, null)).toEqual(['Slides', 'Venue map']);
    expect(titles(qc, null, 'deck')).toEqual(['Deck']);
    expect(count(qc)).toBe(1);
    expect(stale(qc, listKey(M, null, ''))).toBe(true);
    expect(stale(qc, listKey(M, null, 'deck'))).toBe(false);
    putItem(qc, item({ title: 'Photos', type: 'folder', files_count: 0, url: null }));
    putItem(qc, item({ title: 'Code of conduct' }));
    expect(titles(qc, null)).toEqual(['Code of conduct', 'Photos', 'Slides', 'Venue map']);
    // An item placed by the organiser goes by its position.
    putItem(qc, item({ title: 'Last', position: 5 }));
    expect(titles(qc, null)?.at(-1)).toBe('Last');
  });

  it('reads a list again when the organiser moved an item in it', () => {
    const qc = setup();
    putItem(qc, { ...deck, position: 3 });
    expect(stale(qc, listKey(M, slides.id, ''))).toBe(true);
    expect(stale(qc, listKey(M, null, ''))).toBe(false);
  });

  it('replaces a changed item wherever it is, a search included; a rename fetches no count', () => {
    const qc = setup();
    putItem(qc, { ...deck, title: 'Deck v2' });
    expect(titles(qc, slides.id)).toEqual(['Deck v2']);
    expect(titles(qc, null, 'deck')).toEqual(['Deck v2']);
    expect(count(qc)).toBe(1);
    expect(stale(qc, listKey(M, null, ''))).toBe(false);
  });

  it('never takes a count from another reader’s view: the owner of a hidden item keeps theirs until the server answers', () => {
    // Olga owns a hidden file in Slides: she counts 2 where other members count 1. She has not opened Slides.
    const qc = new QueryClient();
    qc.setQueryData(listKey(M, null, ''), pages([{ ...slides, files_count: 2 }, map]));
    // Another member's file in Slides is renamed: unknown to her cache, not counted again.
    putItem(qc, item({ type: 'file', title: 'Other', folder_id: slides.id, url: null }));
    expect(count(qc)).toBe(2);
    expect(stale(qc, listKey(M, null, ''))).toBe(true);
    // The app owner renames Slides: the event carries a member's count (1); hers stays.
    qc.setQueryData(listKey(M, null, ''), pages([{ ...slides, files_count: 2 }, map]));
    putItem(qc, { ...slides, title: 'Slides 2026', files_count: 1 });
    expect(qc.getQueryData<InfiniteData<Page<ResourceItem>>>(listKey(M, null, ''))?.pages[0]?.items[0]).toMatchObject({
      title: 'Slides 2026',
      files_count: 2,
    });
    // A file she never loaded is deleted from Slides: the count is fetched again, not left as it was.
    qc.setQueryData(listKey(M, null, ''), pages([{ ...slides, files_count: 2 }, map]));
    dropItem(qc, M, 9999, slides.id);
    expect(stale(qc, listKey(M, null, ''))).toBe(true);
  });

  it('drops a gone item from every list, marks its screen gone, and fetches its folder’s count again', () => {
    const qc = setup();
    qc.setQueryData(itemKey(M, deck.id), deck);
    dropItem(qc, M, deck.id, slides.id);
    expect(titles(qc, slides.id)).toEqual([]);
    expect(titles(qc, null, 'deck')).toEqual([]);
    expect(qc.getQueryData(itemKey(M, deck.id))).toBeNull();
    expect(stale(qc, listKey(M, null, ''))).toBe(true);
  });
});
