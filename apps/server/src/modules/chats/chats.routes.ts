import { chatsEndpoints as e } from '@app/contract/schemas/chats';
import type { FastifyInstance } from 'fastify';
import { offsetOf, setPageHeaders } from '../../lib/pagination.ts';
import { perMemberLimit, route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { deleteMessages, editMessage, listMessages, markRead, sendMessage } from './chats.messages.ts';
import { countChats, listChats, searchPeople } from './chats.queries.ts';
import {
  addMembers,
  atOf,
  chatDetail,
  chatsModule,
  createChat,
  deleteChat,
  removeMember,
  renameChat,
  setArchived,
  transferOwner,
} from './chats.service.ts';

export async function chatsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const writes = perMemberLimit(ctx, 'write');
  // Messages in a bucket of their own: a lively chat must not use up the allowance for posts.
  const messages = perMemberLimit(ctx, 'chat');

  route(app, e.list, async ({ params, query }, req, reply) => {
    const scope = scopeOf(req);
    const mod = await chatsModule(ctx, scope, params.app_module_id);
    const page = { page: query.page, perPage: query['per-page'] };
    const archived = query.archived === '1';
    const at = atOf(scope, mod.id);
    const [items, total] = await Promise.all([
      listChats(ctx.db, at, { archived, search: query.search, limit: page.perPage, offset: offsetOf(page) }),
      countChats(ctx.db, at, archived),
    ]);
    setPageHeaders(reply, page, total);
    return items;
  });
  route(app, e.create, ({ params, body }, req) => createChat(ctx, scopeOf(req), params.app_module_id, body), writes);
  // The reader's own chat, or 404 (another app's, one never in, one left): chatDetail reads it as the reader's.
  route(app, e.get, async ({ params }, req) => {
    const scope = scopeOf(req);
    const mod = await chatsModule(ctx, scope, params.app_module_id);
    return chatDetail(ctx, scope, mod.id, params.id);
  });
  route(app, e.update, ({ params, body }, req) => renameChat(ctx, scopeOf(req), params.app_module_id, params.id, body.name), writes);
  route(app, e.remove, ({ params }, req) => deleteChat(ctx, scopeOf(req), params.app_module_id, params.id), writes);
  route(app, e.archive, ({ params, body }, req) => setArchived(ctx, scopeOf(req), params.app_module_id, params.id, body.archived), writes);
  route(
    app,
    e.addMembers,
    ({ params, body }, req) => addMembers(ctx, scopeOf(req), params.app_module_id, params.id, body.user_ids),
    writes,
  );
  route(app, e.removeMember, ({ params }, req) => removeMember(ctx, scopeOf(req), params.app_module_id, params.id, params.user_id), writes);
  route(
    app,
    e.transfer,
    ({ params, body }, req) => transferOwner(ctx, scopeOf(req), params.app_module_id, params.id, body.user_id),
    writes,
  );
  route(app, e.messages, ({ params, query }, req) => listMessages(ctx, scopeOf(req), params.app_module_id, params.id, query));
  route(app, e.send, ({ params, body }, req) => sendMessage(ctx, scopeOf(req), params.app_module_id, params.id, body), messages);
  route(
    app,
    e.edit,
    ({ params, body }, req) => editMessage(ctx, scopeOf(req), params.app_module_id, params.id, params.message_id, body.text),
    messages,
  );
  route(
    app,
    e.deleteMessages,
    ({ params, body }, req) => deleteMessages(ctx, scopeOf(req), params.app_module_id, params.id, body.ids),
    messages,
  );
  route(app, e.read, ({ params, body }, req) => markRead(ctx, scopeOf(req), params.app_module_id, params.id, body.seq));
  route(app, e.users, async ({ params, query }, req, reply) => {
    const scope = scopeOf(req);
    await chatsModule(ctx, scope, params.app_module_id);
    const page = { page: query.page, perPage: query['per-page'] };
    const { items, total } = await searchPeople(ctx.db, scope.tenant.id, scope.user.id, {
      search: query.search,
      limit: page.perPage,
      offset: offsetOf(page),
    });
    setPageHeaders(reply, page, total);
    return items;
  });
}
