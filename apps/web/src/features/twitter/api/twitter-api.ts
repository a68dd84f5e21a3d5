import type { FeedUrlInput, SocialFeed } from '@app/contract/schemas/twitter';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/app-state.ts';
import { feedKey } from './keys.ts';

/** The wall's calls by path, typed from the contract with type-only imports (no zod in the page's chunk). */
const feedQuery = (moduleId: number) => ({
  queryKey: feedKey(moduleId),
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await api<SocialFeed>(`/twitter/${moduleId}/feed`, { signal })).data,
});

export const useFeed = (moduleId: number) => useQuery(feedQuery(moduleId));

export const prefetchFeed = (moduleId: number) => queryClient.prefetchQuery(feedQuery(moduleId));

/** The app owner's change of the feed's address; the answer replaces the cached wall. */
export function useSetFeedUrl(moduleId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: FeedUrlInput) =>
      (await api<SocialFeed>(`/twitter/${moduleId}/feed/url`, { method: 'PUT', body: input })).data,
    onSuccess: (feed) => qc.setQueryData(feedKey(moduleId), feed),
  });
}
