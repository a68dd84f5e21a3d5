import { defineWebModule } from '../../lib/module.ts';

const base = '/chats/:app_module_id';
const list = () => import('./pages/chats-page.tsx');
const chat = () => import('./pages/chat-page.tsx');
// The handlers load with the first chat event: nothing of chats weighs on the first screen.
const live = () => import('./live.ts');
/** The list, or the chat and its newest messages, start loading with the screen's chunk (PageRoute.prefetch). */
const api = () => import('./api/chats-api.ts');
type Params = Readonly<Record<string, string | undefined>>;
const listData = (archived: boolean) => (p: Params) => api().then((a) => a.prefetchList(Number(p.app_module_id), archived));
const chatData = (p: Params) => api().then((a) => a.prefetchChat(Number(p.app_module_id), Number(p.id)));

/**
 * Chats (spec 2, issue 9): a number bubble that outranks all others. New messages, edits, deletions
 * and read marks come over the socket into the query cache; after a reconnection every open chat
 * fetches what it missed (`after=<last seq>`) and the lists refetch. Events keep their order: each
 * waits on the same import.
 */
export const chatsModule = defineWebModule({
  type: 'chats',
  namespaces: ['chats', 'widgets'],
  routes: [
    { name: 'chats.index', path: base, load: list, prefetch: listData(false) },
    { name: 'chats.archive', path: `${base}/archive`, load: list, prefetch: listData(true) },
    { name: 'chats.archive.item', path: `${base}/archive/:chat_type/:id`, load: chat, layout: 'nopb', prefetch: chatData },
    { name: 'chats.item', path: `${base}/:chat_type/:id`, load: chat, layout: 'nopb', prefetch: chatData },
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
