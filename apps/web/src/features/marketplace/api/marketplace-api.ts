import { PAGINATION_HEADERS } from '@app/contract/constants';
import { MARKETPLACE_LIMITS } from '@app/contract/marketplace-constants';
import type { Listing, ListingDetail, ListingInput } from '@app/contract/schemas/marketplace';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/app-state.ts';
import { nullIfNotFound } from '../../../lib/not-found.ts';
import { uniquePeople } from '../../../ui/related-users.tsx';
import { itemKey, itemsKey, listsKey } from './keys.ts';

/**
 * The marketplace calls by path, typed from the contract with type-only imports: the endpoints' zod
 * schemas stay out of the pages' chunks (the server validates; see lib/api.ts on callApi).
 */
const base = (moduleId: number) => `/marketplace/${moduleId}/items`;

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

/** A module's listings newest first, page by page; `search` filters by words. */
const listingsQuery = (moduleId: number, search: string) =>
  infiniteQueryOptions({
    queryKey: itemsKey(moduleId, search),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<Page<Listing>> => {
      const query = { page: pageParam, 'per-page': MARKETPLACE_LIMITS.perPage, ...(search ? { search } : {}) };
      const res = await api<Listing[]>(base(moduleId), { query, signal });
      const total = Number(res.headers.get(PAGINATION_HEADERS.totalCount) ?? res.data.length);
      return { items: res.data, page: pageParam, pageCount: res.pageCount, total };
    },
    getNextPageParam: (last) => (last.page < last.pageCount ? last.page + 1 : undefined),
  });

export const useListings = (moduleId: number, search: string) => useInfiniteQuery(listingsQuery(moduleId, search));

export const prefetchListings = (moduleId: number) => queryClient.prefetchInfiniteQuery(listingsQuery(moduleId, ''));

/** Every listing of the loaded pages once (a page boundary repeats one when listings were added meanwhile). */
export const allListings = (data: InfiniteData<Page<Listing>> | undefined): Listing[] => uniquePeople(data?.pages);

const listingQuery = (moduleId: number, id: number) => ({
  queryKey: itemKey(moduleId, id),
  // The page says "not found" itself: no shell dialog, and the route's prefetch answer is reused.
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    nullIfNotFound(api<ListingDetail>(`${base(moduleId)}/${id}`, { signal, ownNotFound: true })),
});

export const useListing = (moduleId: number, id: number) => useQuery(listingQuery(moduleId, id));

export const prefetchListing = (moduleId: number, id: number) => queryClient.prefetchQuery(listingQuery(moduleId, id));

/** Create, edit, delete and report; each writes the answer into the cache and refetches the lists. */
export function useListingActions(moduleId: number) {
  const qc = useQueryClient();
  const lists = () => void qc.invalidateQueries({ queryKey: listsKey(moduleId) });
  const store = (item: ListingDetail) => {
    qc.setQueryData(itemKey(moduleId, item.id), item);
    lists();
  };
  return {
    create: useMutation({
      mutationFn: async (input: ListingInput) => (await api<ListingDetail>(base(moduleId), { method: 'POST', body: input })).data,
      onSuccess: store,
    }),
    update: useMutation({
      mutationFn: async ({ id, input }: { id: number; input: ListingInput }) =>
        (await api<ListingDetail>(`${base(moduleId)}/${id}`, { method: 'PUT', body: input })).data,
      onSuccess: store,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => (await api<{ success: true }>(`${base(moduleId)}/${id}`, { method: 'DELETE' })).data,
      onSuccess: (_d, id) => {
        qc.removeQueries({ queryKey: itemKey(moduleId, id) });
        lists();
      },
    }),
    flag: useMutation({
      mutationFn: async (id: number) => (await api<{ success: true }>(`${base(moduleId)}/${id}/flag`, { method: 'POST' })).data,
      onSuccess: (_d, id) => qc.setQueryData<ListingDetail>(itemKey(moduleId, id), (old) => (old ? { ...old, reported: true } : old)),
    }),
  };
}

/** Opens (or finds) the private chat with a member in the app's chats module: answers the chat's address. */
export async function openChatWith(chatsModuleId: number, userId: number): Promise<string> {
  const chat = (
    await api<{ id: number; chat_type: string }>(`/chats/${chatsModuleId}/chats`, {
      method: 'POST',
      body: { chat_type: 'chat', user_ids: [userId] },
    })
  ).data;
  return `/chats/${chatsModuleId}/${chat.chat_type}/${chat.id}`;
}
