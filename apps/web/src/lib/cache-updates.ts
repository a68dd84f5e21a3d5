import type { InfiniteData } from '@tanstack/react-query';

/** A live item on top of the cached first page of an infinite list, once. */
export function prependToFirstPage<T extends { id: number }, P extends { items: T[] }>(
  data: InfiniteData<P> | undefined,
  item: T,
): InfiniteData<P> | undefined {
  const [first, ...rest] = data?.pages ?? [];
  if (!data || !first || first.items.some((i) => i.id === item.id)) return data;
  return { ...data, pages: [{ ...first, items: [item, ...first.items] }, ...rest] };
}

/** Whether a cached infinite list (pages of `items`) holds the item with this id. */
export function listHolds(data: unknown, id: number): boolean {
  const pages = (data as { pages?: unknown } | undefined)?.pages;
  if (!Array.isArray(pages)) return false;
  return pages.some((p: { items?: Array<{ id: number }> }) => Array.isArray(p?.items) && p.items.some((i) => i.id === id));
}

/**
 * `placeholderData` for a searched list whose key ends with the search: a new search keeps the
 * list's cards until its answer comes (no spinner per keystroke); another list (another key before
 * the search) never shows this one's.
 */
export function keepWhileSearching<T>(
  previous: T | undefined,
  previousQuery: { queryKey: readonly unknown[] } | undefined,
  key: readonly unknown[],
) {
  if (!previousQuery) return undefined;
  const before = previousQuery.queryKey;
  return before.length === key.length && key.slice(0, -1).every((part, i) => before[i] === part) ? previous : undefined;
}
