import { defineWebModule } from '../../lib/module.ts';

const base = '/chats/:app_module_id';
const list = () => import('./pages/chats-page.tsx');
const chat = () => import('./pages/chat-page.tsx');
// The handlers load with the first chat event: nothing of chats weighs on the first screen.
const live = () => import('./live.ts');

/**
 * Chats (spec 2, issue 9): a number bubble that outranks all others. New messages, edits, deletions
 * and read marks come over the socket into the query cache; after a reconnection every open chat
 * fetches what it missed (`after=<last seq>`) and the lists refetch. Events keep their order: each
 * waits on the same import.
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
    on('chatMessage', (e) => void live().then((m) => m.onMessage(qc, e)));
    on('chatChanged', (e) => void live().then((m) => m.onChange(qc, e)));
    on('chatTyping', ({ chat_id, user }) => void live().then((m) => m.onTyping(chat_id, user)));
    onReconnect(() => void live().then((m) => m.onReconnect(qc)));
  },
});
