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

  it('puts a new item in its folder’s list in order (folders first, then by title) and counts it', () => {
    const qc = setup();
    putItem(qc, item({ title: 'Agenda', folder_id: slides.id }));
    expect(titles(qc, slides.id)).toEqual(['Agenda', 'Deck']);
    expect(titles(qc, null)).toEqual(['Slides', 'Venue map']);
    expect(titles(qc, null, 'deck')).toEqual(['Deck']);
    const root = qc.getQueryData<InfiniteData<Page<ResourceItem>>>(listKey(M, null, ''));
    expect(root?.pages[0]?.items[0]?.files_count).toBe(2);
    putItem(qc, item({ title: 'Photos', type: 'folder', files_count: 0, url: null }));
    putItem(qc, item({ title: 'Code of conduct' }));
    expect(titles(qc, null)).toEqual(['Photos', 'Slides', 'Code of conduct', 'Venue map']);
  });

  it('replaces a changed item wherever it is, a search included, without counting it twice', () => {
    const qc = setup();
    putItem(qc, { ...deck, title: 'Deck v2' });
    expect(titles(qc, slides.id)).toEqual(['Deck v2']);
    expect(titles(qc, null, 'deck')).toEqual(['Deck v2']);
    const root = qc.getQueryData<InfiniteData<Page<ResourceItem>>>(listKey(M, null, ''));
    expect(root?.pages[0]?.items[0]?.files_count).toBe(1);
  });

  it('drops a gone item from every list, uncounts it, and marks its screen gone', () => {
    const qc = setup();
    qc.setQueryData(itemKey(M, deck.id), deck);
    dropItem(qc, M, deck.id, slides.id);
    expect(titles(qc, slides.id)).toEqual([]);
    expect(titles(qc, null, 'deck')).toEqual([]);
    expect(qc.getQueryData(itemKey(M, deck.id))).toBeNull();
    const root = qc.getQueryData<InfiniteData<Page<ResourceItem>>>(listKey(M, null, ''));
    expect(root?.pages[0]?.items[0]?.files_count).toBe(0);
    // An item this reader never had (hidden from them all along) changes no count.
    dropItem(qc, M, 9999, slides.id);
    expect(qc.getQueryData<InfiniteData<Page<ResourceItem>>>(listKey(M, null, ''))?.pages[0]?.items[0]?.files_count).toBe(0);
  });
});
