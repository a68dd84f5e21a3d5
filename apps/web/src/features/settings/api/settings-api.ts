import type { AccountExport, ContactInput, NotificationPreferences, PreferenceUpdate, SettingsInfo } from '@app/contract/schemas/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type UserSettings, userSettingsKey } from '../../../lib/user-settings.ts';
import { infoKey, preferencesKey } from './keys.ts';

/** The settings calls by path, typed from the contract with type-only imports (no zod in the chunk). */
const base = (moduleId: number) => `/settings/${moduleId}`;

export const useSettingsInfo = (moduleId: number) =>
  useQuery({ queryKey: infoKey(moduleId), queryFn: async ({ signal }) => (await api<SettingsInfo>(base(moduleId), { signal })).data });

export const usePreferences = (moduleId: number) =>
  useQuery({
    queryKey: preferencesKey(moduleId),
    queryFn: async ({ signal }) => (await api<NotificationPreferences>(`${base(moduleId)}/notifications`, { signal })).data,
  });

/**
 * One toggle, saved at once and shown at once (optimistic): a failed save puts the old value back.
 * The shell's copy of the choices (in-app chat notices) follows.
 */
export function useSetPreference(moduleId: number) {
  const qc = useQueryClient();
  const key = preferencesKey(moduleId);
  return useMutation({
    mutationFn: async (b: PreferenceUpdate) =>
      (await api<NotificationPreferences>(`${base(moduleId)}/notifications`, { method: 'PUT', body: b })).data,
    onMutate: async (b) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<NotificationPreferences>(key);
      if (before)
        qc.setQueryData<NotificationPreferences>(key, { ...before, [b.channel]: { ...before[b.channel], [b.category]: b.enabled } });
      return { before };
    },
    onError: (_err, _b, c) => {
      if (c?.before) qc.setQueryData(key, c.before);
    },
    onSuccess: (data) => {
      qc.setQueryData(key, data);
      qc.setQueryData<UserSettings>(userSettingsKey, (s) => (s ? { ...s, categories: data } : s));
    },
  });
}

export const useContact = (moduleId: number) =>
  useMutation({ mutationFn: (b: ContactInput) => api(`${base(moduleId)}/contact`, { method: 'POST', body: b }) });

export function useReport(moduleId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api(`${base(moduleId)}/report`, { method: 'POST' }),
    onSuccess: () => qc.setQueryData<SettingsInfo>(infoKey(moduleId), (i) => (i ? { ...i, reported: true } : i)),
  });
}

export const useAdminMessage = (moduleId: number) =>
  useMutation({
    mutationFn: async (message: string) =>
      (await api<{ success: true; recipients: number }>(`${base(moduleId)}/admin-message`, { method: 'POST', body: { message } })).data,
  });

/** "Download my data": the JSON export saved as a file. */
export async function downloadExport(moduleId: number): Promise<void> {
  const { data } = await api<AccountExport>(`${base(moduleId)}/export`);
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `my-data-${data.app.key}-${data.exported_at.slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDeleteAccount = (moduleId: number) =>
  useMutation({ mutationFn: (password: string) => api(`${base(moduleId)}/delete-account`, { method: 'POST', body: { password } }) });

/** An account without a password: the server mails a one-time link that confirms the deletion. */
export const useDeletionMail = (moduleId: number) =>
  useMutation({
    mutationFn: async () => (await api<{ success: true; email: string }>(`${base(moduleId)}/delete-account/mail`, { method: 'POST' })).data,
  });

/** The mailed link was opened: the account it was sent for is erased. */
export const useConfirmDeletion = () =>
  useMutation({
    mutationFn: (token: string) => api('/settings/delete-account/confirm', { method: 'POST', body: { token }, public: true }),
  });
