import type { UserSettings } from '@app/contract/schemas/users';
import { describe, expect, it } from 'vitest';
import { shouldShowInAppNotice } from './user-settings.ts';

const on: UserSettings = { notification_mode: 'all', inapp: { enabled: true }, push: { enabled: true } };

describe('in-app chat notices', () => {
  it('show outside the chats module for another chat when in-app notifications are on', () => {
    expect(shouldShowInAppNotice({ settings: on, currentType: 'news', chatId: 3 })).toBe(true);
    expect(shouldShowInAppNotice({ settings: { ...on, notification_mode: 'inapp' }, currentType: 'news', openChatId: 2, chatId: 3 })).toBe(
      true,
    );
  });
  it('stay away when the settings turn them off or are not known yet', () => {
    expect(shouldShowInAppNotice({ settings: undefined, currentType: 'news', chatId: 3 })).toBe(false);
    expect(shouldShowInAppNotice({ settings: { ...on, inapp: { enabled: false } }, currentType: 'news', chatId: 3 })).toBe(false);
    expect(shouldShowInAppNotice({ settings: { ...on, notification_mode: 'push' }, currentType: 'news', chatId: 3 })).toBe(false);
    expect(shouldShowInAppNotice({ settings: { ...on, notification_mode: 'none' }, currentType: 'news', chatId: 3 })).toBe(false);
  });
  it('follow the In-App Chats toggle of the settings screen', () => {
    const toggles = { chats: true, discussions: true, news: true, events: true, admin: true, blog: true };
    const categories = { inapp: toggles, push: toggles };
    expect(shouldShowInAppNotice({ settings: { ...on, categories }, currentType: 'news', chatId: 3 })).toBe(true);
    const off = { ...categories, inapp: { ...toggles, chats: false } };
    expect(shouldShowInAppNotice({ settings: { ...on, categories: off }, currentType: 'news', chatId: 3 })).toBe(false);
  });
  it('never show inside the chats module or for the open chat', () => {
    expect(shouldShowInAppNotice({ settings: on, currentType: 'chats', chatId: 3 })).toBe(false);
    expect(shouldShowInAppNotice({ settings: on, currentType: 'news', openChatId: 3, chatId: 3 })).toBe(false);
  });
});
