import { type ConsolePage, consolePagesEndpoints as e } from '@app/contract/schemas/console-pages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';

export type { ConsolePage };

/** The area's calls, keyed under the app and the module. */
const pageKey = (appId: number, moduleId: number) => ['console', 'pages', appId, moduleId] as const;

export function usePage(appId: number, moduleId: number) {
  return useQuery({
    queryKey: pageKey(appId, moduleId),
    queryFn: ({ signal }) => callApi(e.get, { params: { app_id: appId, module_id: moduleId } }, { signal }).then((r) => r.data),
  });
}

/** Replaces the page; the answer (as the server sanitised it) becomes the cached page. */
export function useSavePage(appId: number, moduleId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (html: string) => callApi(e.save, { params: { app_id: appId, module_id: moduleId }, body: { html } }).then((r) => r.data),
    onSuccess: (page) => qc.setQueryData(pageKey(appId, moduleId), page),
  });
}
