import { PAGINATION_HEADERS } from '@app/contract/constants';
import type { DirectoryEntry, DirectoryFilters } from '@app/contract/schemas/appusers';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/app-state.ts';
import { keepWhileSearching } from '../../../lib/cache-updates.ts';
import { appusersKeys } from './keys.ts';

export const PER_PAGE = 24;

/** What the directory is asked: the search and the chosen filters, as the address holds them. */
export interface DirectoryAsk {
  search: string;
  company: string;
  interest: string;
  photo: boolean;
  favorites: boolean;
}

export interface Page {
  items: DirectoryEntry[];
  page: number;
  pageCount: number;
  total: number;
}

const queryOf = (a: DirectoryAsk) => ({
  ...(a.search ? { search: a.search } : {}),
  ...(a.company ? { company: a.company } : {}),
  ...(a.interest ? { interest: a.interest } : {}),
  ...(a.photo ? { photo: '1' } : {}),
  ...(a.favorites ? { favorites: '1' } : {}),
});

const listQuery = (moduleId: number, a: DirectoryAsk) =>
  infiniteQueryOptions({
    queryKey: appusersKeys.list(moduleId, JSON.stringify(queryOf(a))),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<Page> => {
      const res = await api<DirectoryEntry[]>(`/appusers/${moduleId}/users`, {
        query: { ...queryOf(a), page: pageParam, 'per-page': PER_PAGE },
        signal,
      });
      const total = Number(res.headers.get(PAGINATION_HEADERS.totalCount) ?? res.data.length);
      return { items: res.data, page: pageParam, pageCount: res.pageCount, total };
    },
    getNextPageParam: (last) => (last.page < last.pageCount ? last.page + 1 : undefined),
  });

/** The list keeps showing the previous answer while a new search loads (no flash of a spinner per keystroke). */
export function useDirectory(moduleId: number, a: DirectoryAsk) {
  const options = listQuery(moduleId, a);
  return useInfiniteQuery({
    ...options,
    placeholderData: (previous, previousQuery) => keepWhileSearching(previous, previousQuery, options.queryKey),
  });
}

const filtersQuery = (moduleId: number) => ({
  queryKey: appusersKeys.filters(moduleId),
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await api<DirectoryFilters>(`/appusers/${moduleId}/filters`, { signal })).data,
  staleTime: 60_000,
});
export const useDirectoryFilters = (moduleId: number) => useQuery(filtersQuery(moduleId));
export const prefetchFilters = (moduleId: number) => queryClient.prefetchQuery(filtersQuery(moduleId));

export function allEntries(data: InfiniteData<Page> | undefined): DirectoryEntry[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((p) => p.items).filter((i) => !seen.has(i.id) && Boolean(seen.add(i.id)));
}
