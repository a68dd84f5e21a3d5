import { type ConsoleMenuModule, consoleMenuEndpoints as e } from '@app/contract/schemas/console-menu';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { callApi } from './api.ts';

/** The app's menu (every module, in order): the menu area edits it, content areas pick their module from it. */
export const menuKey = (appId: number) => ['console', 'menu', appId] as const;

export function useMenu(appId: number) {
  return useQuery({
    queryKey: menuKey(appId),
    queryFn: ({ signal }) => callApi(e.list, { params: { app_id: appId } }, { signal }).then((r) => r.data),
  });
}

/**
 * The app's modules of some types (an area that manages events lists the app's event modules) and
 * the one the address names (`?module=<id>`), else the first. `choose` changes the address.
 */
export function useChosenModule(appId: number, types: readonly string[]) {
  const menu = useMenu(appId);
  const [params, setParams] = useSearchParams();
  const modules: ConsoleMenuModule[] = (menu.data?.modules ?? []).filter((m) => types.includes(m.type));
  const asked = Number(params.get('module'));
  const chosen = modules.find((m) => m.id === asked) ?? modules[0];
  // Another module starts on its own first screen: only the module is kept in the address.
  const choose = (id: number) => setParams(new URLSearchParams({ module: String(id) }));
  return { menu, modules, chosen, choose };
}
