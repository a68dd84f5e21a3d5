import type { WebviewUrl, WebviewUrlInput } from '@app/contract/schemas/webview';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** The app owner's change of the address; the answer replaces the cached one (members get it live). */
export function useSetWebviewUrl(moduleId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: WebviewUrlInput) => (await api<WebviewUrl>(`/webview/${moduleId}/url`, { method: 'PUT', body: input })).data,
    onSuccess: (answer) => qc.setQueryData(urlKey(moduleId), answer),
  });
}
