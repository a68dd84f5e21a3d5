import type { UserSettings } from '@app/contract/schemas/users';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

export const userSettingsKey = ['user-settings'] as const;

/** GET /user/settings: the member's notification choices (spec 1 §3 "Settings"). */
export const getUserSettings = async () => (await api<UserSettings>('/user/settings')).data;

/** Read once when the signed-in shell starts; the settings screen refreshes it when it saves. */
export const useUserSettings = (enabled: boolean) =>
  useQuery({ queryKey: userSettingsKey, queryFn: getUserSettings, enabled, staleTime: 5 * 60_000 });

export interface InAppNoticeContext {
  settings: UserSettings | undefined;
  /** The module type on screen. */
  currentType: string | undefined;
  /** The chat open on screen, if any. */
  openChatId?: number | undefined;
  /** The chat the notice is about. */
  chatId: number;
}

/**
 * Spec 1 §4: an in-app chat notice shows only when the member's in-app notifications are on (unknown
 * settings count as off), never inside the chats module, and never for the chat already open.
 */
export function shouldShowInAppNotice({ settings, currentType, openChatId, chatId }: InAppNoticeContext): boolean {
  if (!settings?.inapp.enabled) return false;
  if (settings.notification_mode === 'none' || settings.notification_mode === 'push') return false;
  if (currentType === 'chats') return false;
  return openChatId !== chatId;
}
