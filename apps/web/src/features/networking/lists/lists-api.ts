import type { Networker, NetworkerList } from '@app/contract/schemas/networking-hub';
import type { NetworkerFilters, NetworkerPage } from '@app/contract/schemas/networking-lists';
import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { keepWhileSearching } from '../../../lib/cache-updates.ts';
import { hubKeys } from '../api/keys.ts';

export const PER_PAGE = 20;

/** What a list is asked: the search and the filters, as the address holds them. */
export interface ListAsk {
  q: string;
  interest: string;
  company: string;
  level: string;
}

const queryOf = (a: ListAsk) => ({
  ...(a.q ? { q: a.q } : {}),
  ...(a.interest ? { interest: a.interest } : {}),
  ...(a.company ? { company: a.company } : {}),
  ...(a.level ? { level: a.level } : {}),
});

/**
 * One networker list, page after page by cursor (infinite scroll). Keys start with `hubKeys.lists`,
 * so a shortlist, a skip or `networkingActivity` ('lists') refetches every list.
 */
export function useNetworkerList(moduleId: number, list: NetworkerList, a: ListAsk) {
  const query = queryOf(a);
  const queryKey = [...hubKeys.lists, moduleId, list, JSON.stringify(query)];
  return useInfiniteQuery({
    queryKey,
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (
        await api<NetworkerPage>(`/networking/${moduleId}/lists/${list}`, {
          query: { ...query, 'per-page': PER_PAGE, ...(pageParam ? { cursor: pageParam } : {}) },
          signal,
        })
      ).data,
    getNextPageParam: (last) => last.next ?? undefined,
    placeholderData: (previous, previousQuery) => keepWhileSearching(previous, previousQuery, queryKey),
  });
}

export const useNetworkerFilters = (moduleId: number) =>
  useQuery({
    queryKey: [...hubKeys.lists, moduleId, 'filters'],
    queryFn: async ({ signal }) => (await api<NetworkerFilters>(`/networking/${moduleId}/lists/filters`, { signal })).data,
    staleTime: 60_000,
  });

/** The loaded cards once each (a card met again on a later page after a refetch is shown once). */
export function allCards(data: InfiniteData<NetworkerPage> | undefined): Networker[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((p) => p.items).filter((i) => !seen.has(i.id) && Boolean(seen.add(i.id)));
}
