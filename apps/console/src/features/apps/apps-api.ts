import type { AppCreate, AppSettings, AppSettingsUpdate } from '@app/contract/schemas/console-apps';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { ME_KEY } from '../../lib/me.ts';

// Paths of the contract's `consoleAppsEndpoints` (type-only imports keep zod out of this chunk;
// the forms load the schemas when they validate).
const base = (appId: number) => `/console/api/apps/${appId}`;

export const settingsKey = (appId: number) => ['console', 'apps', appId, 'settings'] as const;

export function useAppSettings(appId: number | undefined) {
  return useQuery({
    queryKey: settingsKey(appId ?? 0),
    queryFn: () => api<AppSettings>(`${base(appId ?? 0)}/settings`).then((r) => r.data),
    enabled: appId !== undefined,
  });
}

export const saveSettings = (appId: number, body: AppSettingsUpdate) =>
  api<AppSettings>(`${base(appId)}/settings`, { method: 'PUT', body }).then((r) => r.data);

export const createApp = (body: AppCreate) => api<AppSettings>('/console/api/apps', { method: 'POST', body }).then((r) => r.data);

export type StatusAction = 'publish' | 'unpublish' | 'lock' | 'unlock';
export const changeStatus = (appId: number, action: StatusAction) =>
  api<AppSettings>(`${base(appId)}/${action}`, { method: 'POST' }).then((r) => r.data);

export function uploadLogo(appId: number, file: File) {
  const form = new FormData();
  form.append('logo', file);
  return api<AppSettings>(`${base(appId)}/logo`, { method: 'POST', body: form }).then((r) => r.data);
}

export const removeLogo = (appId: number) => api<AppSettings>(`${base(appId)}/logo`, { method: 'DELETE' }).then((r) => r.data);

/** After a change: the settings as the server answered, and the app list (name, state) of the shell. */
export function useSettingsSaved() {
  const qc = useQueryClient();
  return (s: AppSettings) => {
    qc.setQueryData(settingsKey(s.id), s);
    void qc.invalidateQueries({ queryKey: ME_KEY });
  };
}

export const loadSchemas = () => import('@app/contract/schemas/console-apps');
