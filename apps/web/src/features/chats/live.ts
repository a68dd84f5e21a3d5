import type { ChatChange, ChatMessageEvent } from '@app/contract/schemas/chats';
import type { UserSettings } from '@app/contract/schemas/users';
import type { QueryClient } from '@tanstack/react-query';
import { addChatNotice } from '../../lib/chat-notices.ts';
import { i18next as i18n } from '../../lib/i18n.ts';
import { session } from '../../lib/session.ts';
import { shouldShowInAppNotice, userSettingsKey } from '../../lib/user-settings.ts';
import { addMessage, catchUp, chatKey, chatsKey, dropMessages, type MessageLog } from './api/chats-api.ts';
import { someoneTyping, stoppedTyping } from './typing.ts';

/** What the socket brings, into the query cache (loaded with the first chat event, not with the app). */

export function onMessage(qc: QueryClient, { item, chat, sender }: ChatMessageEvent) {
  stoppedTyping(chat.id, item.user.id);
  addMessage(qc, chat.app_module_id, item);
  void qc.invalidateQueries({ queryKey: [...chatsKey(chat.app_module_id), 'list'] });
  // Someone else's message, over any screen but the chats module (spec 1 §4).
  const currentType = window.location.pathname.split('/')[1];
  const settings = qc.getQueryData<UserSettings>(userSettingsKey);
  if (sender.id === session.get().userId || !shouldShowInAppNotice({ settings, currentType, chatId: chat.id })) return;
  addChatNotice({
    id: item.id,
    chat_id: chat.id,
    chat_type: chat.chat_type,
    image: chat.logo,
    title: chat.chat_name,
    sender: sender.fullname,
    description: item.text || i18n.t('shell.chatNotice.attachment'),
    url: `/chats/${chat.app_module_id}/${chat.chat_type}/${chat.id}`,
  });
}

export function onChange(qc: QueryClient, change: ChatChange) {
  const m = change.app_module_id;
  if (change.what === 'edited') addMessage(qc, m, change.message);
  else if (change.what === 'event') {
    // A line of the history (left, removed, new owner): shown in the chat, whose members changed.
    addMessage(qc, m, change.message);
    void qc.invalidateQueries({ queryKey: chatKey(m, change.chat_id) });
  } else if (change.what === 'deleted') dropMessages(qc, m, change.chat_id, change.ids);
  else void qc.invalidateQueries({ queryKey: chatKey(m, change.chat_id) });
  void qc.invalidateQueries({ queryKey: [...chatsKey(m), 'list'] });
}

export { someoneTyping as onTyping };

/** After a reconnection: every open chat fetches what it missed, the lists and chats refetch. */
export function onReconnect(qc: QueryClient) {
  for (const [key] of qc.getQueriesData<MessageLog>({ queryKey: ['chats'] })) {
    const [, moduleId, kind, id] = key as [string, number, string, number];
    if (kind === 'messages') void catchUp(qc, moduleId, id).catch(() => undefined);
  }
  void qc.invalidateQueries({ queryKey: ['chats'], predicate: (q) => q.queryKey[2] !== 'messages' });
}
