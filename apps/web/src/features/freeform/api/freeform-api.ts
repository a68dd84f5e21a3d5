import type { FreeformPage } from '@app/contract/schemas/freeform';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/app-state.ts';
import { pageKey } from './keys.ts';

/** The page by path, typed with a type-only import: no zod in the page's chunk. */
const pageQuery = (moduleId: number) => ({
  queryKey: pageKey(moduleId),
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await api<FreeformPage>(`/freeform/${moduleId}/page`, { signal })).data,
});

export const useFreeformPage = (moduleId: number) => useQuery(pageQuery(moduleId));

/** Asked for when the route is entered (PageRoute.prefetch). */
export const prefetchPage = (moduleId: number) => queryClient.prefetchQuery(pageQuery(moduleId));
