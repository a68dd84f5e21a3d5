import type { NotificationPreferences } from '@app/contract/schemas/settings';
import type { UserSettings as BaseSettings } from '@app/contract/schemas/users';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

export const userSettingsKey = ['user-settings'] as const;

/** The member's notification settings, with their per-category choices of the settings module. */
export type UserSettings = BaseSettings & { categories?: NotificationPreferences | undefined };

/**
 * GET /user/settings (spec 1 §3 "Settings") and the member's choices per category
 * (GET /user/notification-preferences), read together; the choices are optional (an older server).
 */
export const getUserSettings = async (): Promise<UserSettings> => {
  const [settings, categories] = await Promise.all([
    api<BaseSettings>('/user/settings'),
    api<NotificationPreferences>('/user/notification-preferences', { silent: true }).catch(() => undefined),
  ]);
  return { ...settings.data, categories: categories?.data };
};

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
 * settings count as off) and their In-App Chats toggle is not off, never inside the chats module, and never for the chat already open.
 */
export function shouldShowInAppNotice({ settings, currentType, openChatId, chatId }: InAppNoticeContext): boolean {
  if (!settings?.inapp.enabled) return false;
  if (settings.notification_mode === 'none' || settings.notification_mode === 'push') return false;
  // The settings screen's In-App > Chats toggle.
  if (settings.categories?.inapp.chats === false) return false;
  if (currentType === 'chats') return false;
  return openChatId !== chatId;
}
