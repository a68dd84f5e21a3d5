import { sql } from 'drizzle-orm';
import { defineModule, keep } from '../../platform/module.ts';
import { eraseChatMember } from './chats.account.ts';
import { chatsBenchSetup, chatsLoadTest } from './chats.bench.ts';
import { chatsRoutes } from './chats.routes.ts';
import { chatsSeed } from './chats.seed.ts';
import { chatsSocket } from './chats.socket.ts';
import { chatMembers, chatMessages, chats } from './chats.table.ts';

/** Private chats and groups (issue 9, docs/decisions.md "Chats"). */
export const chatsModule = defineModule({
  name: 'chats',
  firstScreen: [
    {
      page: '/chats/:app_module_id',
      reads: ['/chats/:app_module_id/chats?archived=0&per-page=100', '/chats/:app_module_id/users?per-page=50'],
    },
    {
      page: '/chats/:app_module_id/:chat_type/:id',
      reads: ['/chats/:app_module_id/chats/:id', '/chats/:app_module_id/chats/:id/messages?limit=30'],
    },
  ],
  routes: chatsRoutes,
  socket: chatsSocket,
  seed: chatsSeed,
  memberData: [
    keep(chatMessages.userId, 'messages others read: the sender shown as "Deleted user" by the name mapper'),
    keep(chatMembers.userId, "the member leaves their chats in chats' onAccountErased (left_at): the row says who was there"),
    keep(chats.ownerId, "a group's ownership passes on to another member in chats' onAccountErased"),
  ],
  // A message holds its files (`files`: [{ id, name, … }] or null).
  holdsUploads: sql`select (f.file->>'id')::int from ${chatMessages} cross join jsonb_array_elements(${chatMessages.files}) as f(file) where jsonb_typeof(${chatMessages.files}) = 'array'`,
  // The member leaves their chats; the groups they owned pass to the longest-standing member.
  onAccountErased: eraseChatMember,
  benchSetup: chatsBenchSetup,
  loadTest: chatsLoadTest,
});
