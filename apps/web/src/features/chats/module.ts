import { defineWebModule } from '../../lib/module.ts';
import { addMessage, catchUp, chatKey, chatsKey, dropMessages, type MessageLog } from './api/chats-api.ts';
import { someoneTyping, stoppedTyping } from './typing.ts';

const base = '/chats/:app_module_id';
const list = () => import('./pages/chats-page.tsx');
const chat = () => import('./pages/chat-page.tsx');

/**
 * Chats (spec 2, issue 9): a number bubble that outranks all others. New messages, edits, deletions
 * and read marks come over the socket into the query cache; after a reconnection every open chat
 * fetches what it missed (`after=<last seq>`) and the lists refetch.
 */
export const chatsModule = defineWebModule({
  type: 'chats',
  namespaces: ['chats'],
  routes: [
    { name: 'chats.index', path: base, load: list },
    { name: 'chats.archive', path: `${base}/archive`, load: list },
    { name: 'chats.archive.item', path: `${base}/archive/:chat_type/:id`, load: chat, layout: 'nopb' },
    { name: 'chats.item', path: `${base}/:chat_type/:id`, load: chat, layout: 'nopb' },
  ],
  bubble: { kind: 'count', priority: 999 },
  reloadOnReturn: ['chats.index'],
  realtime: ({ queryClient: qc, on, onReconnect }) => {
    on('chatMessage', ({ item, chat }) => {
      stoppedTyping(chat.id, item.user.id);
      addMessage(qc, chat.app_module_id, item);
      void qc.invalidateQueries({ queryKey: [...chatsKey(chat.app_module_id), 'list'] });
    });
    on('chatChanged', (change) => {
      const m = change.app_module_id;
      if (change.what === 'edited') addMessage(qc, m, change.message);
      else if (change.what === 'deleted') dropMessages(qc, m, change.chat_id, change.ids);
      else void qc.invalidateQueries({ queryKey: chatKey(m, change.chat_id) });
      void qc.invalidateQueries({ queryKey: [...chatsKey(m), 'list'] });
    });
    on('chatTyping', ({ chat_id, user }) => someoneTyping(chat_id, user));
    onReconnect(() => {
      for (const [key] of qc.getQueriesData<MessageLog>({ queryKey: ['chats'] })) {
        const [, moduleId, kind, id] = key as [string, number, string, number];
        if (kind === 'messages') void catchUp(qc, moduleId, id).catch(() => undefined);
      }
      void qc.invalidateQueries({ queryKey: ['chats'], predicate: (q) => q.queryKey[2] !== 'messages' });
    });
  },
});
