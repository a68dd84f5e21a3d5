import type { ChatChange, ChatMessageEvent } from '@app/contract/schemas/chats';
import type { QueryClient } from '@tanstack/react-query';
import { addMessage, catchUp, chatKey, chatsKey, dropMessages, type MessageLog } from './api/chats-api.ts';
import { someoneTyping, stoppedTyping } from './typing.ts';

/** What the socket brings, into the query cache (loaded with the first chat event, not with the app). */

export function onMessage(qc: QueryClient, { item, chat }: ChatMessageEvent) {
  stoppedTyping(chat.id, item.user.id);
  addMessage(qc, chat.app_module_id, item);
  void qc.invalidateQueries({ queryKey: [...chatsKey(chat.app_module_id), 'list'] });
}

export function onChange(qc: QueryClient, change: ChatChange) {
  const m = change.app_module_id;
  if (change.what === 'edited') addMessage(qc, m, change.message);
  else if (change.what === 'deleted') dropMessages(qc, m, change.chat_id, change.ids);
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
