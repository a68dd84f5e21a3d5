import type { AppConfig, AppMenu, MenuItem } from '@app/contract/schemas/app';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { ApiError, api } from './api.ts';
import { session, useSession } from './session.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, err) => !(err instanceof ApiError) && count < 2,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
  },
});

export const appConfigQuery = {
  queryKey: ['app-config'] as const,
  queryFn: async () => (await api<AppConfig>('/user/app-config', { public: true, query: { expand: 'app_logo' } })).data,
  staleTime: Number.POSITIVE_INFINITY,
};

export const useAppConfig = () => useQuery(appConfigQuery);

export const menuQueryKey = ['app-menu'] as const;

export function useMenu() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...menuQueryKey, token],
    queryFn: async () => {
      const menu = (await api<AppMenu>('/user/app-menu')).data;
      // The session learns whose token it holds here, whichever way the token came (routing rule 2, preview, sign-in).
      if (token) session.identify(token, menu.user_id);
      return menu;
    },
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

const MODULE_PATH = /^\/([a-z]+)\/(\d+)(?:\/|$)/;

/** The menu entry the current path belongs to (routing rule 8). */
export function moduleOfPath(menu: MenuItem[] | undefined, pathname: string): MenuItem | undefined {
  const m = pathname.match(MODULE_PATH);
  if (!m || !menu) return undefined;
  const id = Number(m[2]);
  return menu.find((item) => item.app_module_id === id && item.type === m[1]);
}

export function useCurrentModule(): MenuItem | undefined {
  const { pathname } = useLocation();
  const { data } = useMenu();
  return moduleOfPath(data?.menu, pathname);
}

/** Derived facts the shell and the routing rules need. */
export function deriveMenu(menu: AppMenu | undefined) {
  const items = menu?.menu ?? [];
  const modules = items.filter((m) => m.type !== 'installIos' && m.type !== 'installAndroid');
  const first = modules[0];
  const profile = modules.find((m) => m.type === 'profile');
  return {
    items,
    firstModuleUrl: first ? first.url : null,
    profileModule: profile,
    profileEditUrl: `/profile/${profile?.app_module_id ?? 0}/edit`,
    networkingModule: modules.find((m) => m.type === 'networking'),
    profileCompleted: (menu?.is_profile_completed.length ?? 0) > 0,
  };
}
