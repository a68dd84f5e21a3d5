import {
  type AddModuleBody,
  type ConsoleMenu,
  type ConsoleMenuModule,
  consoleMenuEndpoints as e,
  type UpdateModuleBody,
} from '@app/contract/schemas/console-menu';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { menuKey } from '../../lib/app-modules.ts';

export { menuKey, useMenu } from '../../lib/app-modules.ts';

/** Sets the cached menu at once and answers how to put it back (optimistic update, rollback on error). */
function optimistic(qc: QueryClient, appId: number, change: (menu: ConsoleMenu) => ConsoleMenu) {
  const key = menuKey(appId);
  const before = qc.getQueryData<ConsoleMenu>(key);
  if (before) qc.setQueryData<ConsoleMenu>(key, change(before));
  return () => {
    if (before) qc.setQueryData(key, before);
  };
}

const replaceModule = (menu: ConsoleMenu, mod: ConsoleMenuModule): ConsoleMenu => ({
  modules: menu.modules.map((m) => (m.id === mod.id ? mod : m)),
});

export function useAddModule(appId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddModuleBody) => callApi(e.add, { params: { app_id: appId }, body }).then((r) => r.data),
    onSuccess: (mod) => {
      qc.setQueryData<ConsoleMenu>(menuKey(appId), (menu) => (menu ? { modules: [...menu.modules, mod] } : menu));
    },
  });
}

/** A change of one module: shown at once, put back when the server refuses it. */
export function useUpdateModule(appId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateModuleBody; optimistic?: boolean }) =>
      callApi(e.update, { params: { app_id: appId, module_id: id }, body }).then((r) => r.data),
    onMutate: ({ id, body, optimistic: show = true }) => {
      if (!show) return { rollback: () => undefined };
      return {
        rollback: optimistic(qc, appId, (menu) => ({
          modules: menu.modules.map((m) =>
            m.id === id
              ? {
                  ...m,
                  ...(body.name !== undefined ? { name: body.name.trim() } : {}),
                  ...(body.icon_name !== undefined ? { icon_name: body.icon_name } : {}),
                  ...(body.is_active !== undefined ? { is_active: body.is_active } : {}),
                }
              : m,
          ),
        })),
      };
    },
    onError: (_err, _vars, ctx) => ctx?.rollback(),
    onSuccess: (mod) => qc.setQueryData<ConsoleMenu>(menuKey(appId), (menu) => (menu ? replaceModule(menu, mod) : menu)),
  });
}

export function useReorder(appId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => callApi(e.reorder, { params: { app_id: appId }, body: { ids } }).then((r) => r.data),
    onMutate: (ids) => ({
      rollback: optimistic(qc, appId, (menu) => {
        const byId = new Map(menu.modules.map((m) => [m.id, m]));
        return { modules: ids.flatMap((id, i) => (byId.get(id) ? [{ ...(byId.get(id) as ConsoleMenuModule), position: i + 1 }] : [])) };
      }),
    }),
    onError: (_err, _ids, ctx) => {
      ctx?.rollback();
      void qc.invalidateQueries({ queryKey: menuKey(appId) });
    },
    onSuccess: (menu) => qc.setQueryData(menuKey(appId), menu),
  });
}

export function useRemoveModule(appId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(e.remove, { params: { app_id: appId, module_id: id } }).then((r) => r.data),
    onMutate: (id) => ({ rollback: optimistic(qc, appId, (menu) => ({ modules: menu.modules.filter((m) => m.id !== id) })) }),
    onError: (_err, _id, ctx) => ctx?.rollback(),
  });
}
