import { fillPath } from '@app/contract/endpoint';
import {
  CONSOLE_RESOURCES_UPLOAD_FIELD,
  CONSOLE_RESOURCES_UPLOAD_PATH,
  type ConsoleResourceInput,
  type ConsoleResourceItem,
  type ConsoleResourceUpdate,
  consoleResourcesEndpoints as e,
} from '@app/contract/schemas/console-resources';
import type { Attachment } from '@app/contract/schemas/content';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, callApi } from '../../lib/api.ts';

const key = (appId: number, moduleId: number) => ['console-resources', appId, moduleId] as const;

/** Every item of the module, hidden ones included, in the members' order. */
export function useResourceItems(appId: number, moduleId: number) {
  return useQuery({
    queryKey: key(appId, moduleId),
    queryFn: ({ signal }) => callApi(e.list, { params: { app_id: appId, app_module_id: moduleId } }, { signal }).then((r) => r.data),
  });
}

/** The writes; each reads the module's items again afterwards. */
export function useResourceWrites(appId: number, moduleId: number) {
  const qc = useQueryClient();
  const params = { app_id: appId, app_module_id: moduleId };
  const refresh = () => qc.invalidateQueries({ queryKey: key(appId, moduleId) });
  const after = async <T>(p: Promise<T>) => {
    try {
      return await p;
    } finally {
      await refresh();
    }
  };
  return {
    create: (body: ConsoleResourceInput) => after(callApi(e.create, { params, body }).then((r) => r.data)),
    update: (id: number, body: ConsoleResourceUpdate) => after(callApi(e.update, { params: { ...params, id }, body }).then((r) => r.data)),
    move: (id: number, direction: 'up' | 'down') => after(callApi(e.move, { params: { ...params, id }, body: { direction } })),
    remove: (id: number) => after(callApi(e.remove, { params: { ...params, id } })),
    upload: (file: File) => {
      const form = new FormData();
      form.append(CONSOLE_RESOURCES_UPLOAD_FIELD, file, file.name);
      return api<Attachment>(fillPath(CONSOLE_RESOURCES_UPLOAD_PATH, params), { method: 'POST', body: form }).then((r) => r.data);
    },
  };
}

export type { ConsoleResourceItem };
