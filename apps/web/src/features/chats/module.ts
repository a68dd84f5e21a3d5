import { defineWebModule } from '../../lib/module.ts';

const base = '/chats/:app_module_id';

/** Chats (spec 2): screens come with their issue (placeholders until then); a number bubble that outranks all others. */
export const chatsModule = defineWebModule({
  type: 'chats',
  routes: [
    { name: 'chats.index', path: base },
    { name: 'chats.archive', path: `${base}/archive` },
    { name: 'chats.archive.item', path: `${base}/archive/:chat_type/:id` },
    { name: 'chats.item', path: `${base}/:chat_type/:id`, layout: 'scroll-bottom' },
  ],
  bubble: { kind: 'count', priority: 999 },
  reloadOnReturn: ['chats.index'],
});
