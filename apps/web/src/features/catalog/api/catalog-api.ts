import { CATALOG_LIMITS } from '@app/contract/catalog-constants';
import { PAGINATION_HEADERS } from '@app/contract/constants';
import type { CatalogCategory, CatalogItem, CatalogItemDetail, WantToBuyAnswer } from '@app/contract/schemas/catalog';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/app-state.ts';
import { nullIfNotFound } from '../../../lib/not-found.ts';
import { categoriesKey, itemKey, itemsKey } from './keys.ts';

/**
 * The catalog calls by path, typed from the contract with type-only imports: the endpoints' zod
 * schemas stay out of the pages' chunks (the server validates; see lib/api.ts on callApi).
 */
const base = (moduleId: number) => `/catalog/${moduleId}/items`;

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

/** A module's items by name, page by page; `search` filters by words, `category` by category. */
const itemsQuery = (moduleId: number, search: string, category = '') =>
  infiniteQueryOptions({
    queryKey: itemsKey(moduleId, search, category),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<Page<CatalogItem>> => {
      const query = {
        page: pageParam,
        'per-page': CATALOG_LIMITS.perPage,
        ...(search ? { search } : {}),
        ...(category ? { category } : {}),
      };
      const res = await api<CatalogItem[]>(base(moduleId), { query, signal });
      const total = Number(res.headers.get(PAGINATION_HEADERS.totalCount) ?? res.data.length);
      return { items: res.data, page: pageParam, pageCount: res.pageCount, total };
    },
    getNextPageParam: (last) => (last.page < last.pageCount ? last.page + 1 : undefined),
  });

export const useItems = (moduleId: number, search: string, category = '') => useInfiniteQuery(itemsQuery(moduleId, search, category));

/** The filters the catalog offers: its items' categories with their counts. */
export const useCategories = (moduleId: number) =>
  useQuery({
    queryKey: categoriesKey(moduleId),
    queryFn: ({ signal }) => api<CatalogCategory[]>(`/catalog/${moduleId}/categories`, { signal }).then((r) => r.data),
  });

/** The list's first page, asked for when its route is entered (PageRoute.prefetch). */
export const prefetchItems = (moduleId: number) => queryClient.prefetchInfiniteQuery(itemsQuery(moduleId, ''));

/** Every item of the loaded pages once (a page boundary may repeat one when items were added meanwhile). */
export function allItems(data: InfiniteData<Page<CatalogItem>> | undefined): CatalogItem[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((p) => p.items).filter((i) => !seen.has(i.id) && Boolean(seen.add(i.id)));
}

/** null: no such item (the page says so; no shell dialog, no second request after the route's prefetch). */
const itemQuery = (moduleId: number, id: number) => ({
  queryKey: itemKey(moduleId, id),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    nullIfNotFound(api<CatalogItemDetail>(`${base(moduleId)}/${id}`, { signal, ownNotFound: true })),
});

export const useItem = (moduleId: number, id: number) => useQuery(itemQuery(moduleId, id));

/** An item's details, asked for when its route is entered. */
export const prefetchItem = (moduleId: number, id: number) => queryClient.prefetchQuery(itemQuery(moduleId, id));

/** Report and want-to-buy; each writes the item's new marks into the cache. */
export function useItemActions(moduleId: number, id: number) {
  const qc = useQueryClient();
  const mark = (patch: Partial<CatalogItemDetail>) =>
    qc.setQueryData<CatalogItemDetail>(itemKey(moduleId, id), (old) => (old ? { ...old, ...patch } : old));
  return {
    flag: useMutation({
      mutationFn: async () => (await api<{ success: true }>(`${base(moduleId)}/${id}/flag`, { method: 'POST' })).data,
      onSuccess: () => mark({ reported: true }),
    }),
    buy: useMutation({
      mutationFn: async (message: string) =>
        (await api<WantToBuyAnswer>(`${base(moduleId)}/${id}/want-to-buy`, { method: 'POST', body: message ? { message } : {} })).data,
      onSuccess: () => mark({ buy_requested: true }),
    }),
  };
}
