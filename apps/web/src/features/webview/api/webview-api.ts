import type { WebviewUrl } from '@app/contract/schemas/webview';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/app-state.ts';
import { urlKey } from './keys.ts';

/** The address by path, typed with a type-only import: no zod in the page's chunk. */
const urlQuery = (moduleId: number) => ({
  queryKey: urlKey(moduleId),
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await api<WebviewUrl>(`/webview/${moduleId}/url`, { signal })).data,
});

export const useWebviewUrl = (moduleId: number) => useQuery(urlQuery(moduleId));

/** Asked for when the route is entered (PageRoute.prefetch). */
export const prefetchUrl = (moduleId: number) => queryClient.prefetchQuery(urlQuery(moduleId));
