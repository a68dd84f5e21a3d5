import { defineModule } from '../../platform/module.ts';
import { chatsBenchSetup, chatsLoadTest } from './chats.bench.ts';
import { chatsRoutes } from './chats.routes.ts';
import { chatsSeed } from './chats.seed.ts';
import { chatsSocket } from './chats.socket.ts';

/** Private chats and groups (issue 9, docs/decisions.md "Chats"). */
export const chatsModule = defineModule({
  name: 'chats',
  routes: chatsRoutes,
  socket: chatsSocket,
  seed: chatsSeed,
  benchSetup: chatsBenchSetup,
  loadTest: chatsLoadTest,
});
