import {
  CHAT_LIMITS,
  CHAT_LOGO,
  CHAT_UPLOAD,
  chatDetail as chatDetailSchema,
  chatParams,
  chatsEndpoints as e,
} from '@app/contract/schemas/chats';
import { appModuleParam } from '@app/contract/schemas/common';
import { attachment } from '@app/contract/schemas/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { offsetOf, setPageHeaders } from '../../lib/pagination.ts';
import { perMemberLimit, route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { chargeUpload } from '../../platform/upload-budget.ts';
import { receiveUpload, sendUpload } from '../content/content.uploads.ts';
import { CHAT_FILE_MAX_AGE_S, CHAT_FILES_PATH, fileSigner, validSignature } from './chats.files.ts';
import { deleteMessages, editMessage, listMessages, MESSAGES_BUDGET, markRead, sendMessage } from './chats.messages.ts';
import { countChats, findUpload, isCurrentMember, listChats, searchPeople } from './chats.queries.ts';
import {
  addMembers,
  atOf,
  chatDetail,
  chatsModule,
  createChat,
  deleteChat,
  removeMember,
  renameChat,
  saveLogo,
  setArchived,
  transferOwner,
} from './chats.service.ts';

const id32 = z.coerce.number().int().positive().max(2_147_483_647);

export async function chatsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const writes = perMemberLimit(ctx, 'write');
  // Messages in a bucket of their own: a lively chat must not use up the allowance for posts.
  const messages = perMemberLimit(ctx, MESSAGES_BUDGET);

  route(app, e.list, async ({ params, query }, req, reply) => {
    const scope = scopeOf(req);
    const mod = await chatsModule(ctx, scope, params.app_module_id);
    const page = { page: query.page, perPage: query['per-page'] };
    const archived = query.archived === '1';
    const at = atOf(scope, mod.id);
    const [items, total] = await Promise.all([
      listChats(
        ctx.db,
        at,
        { archived, search: query.search, limit: page.perPage, offset: offsetOf(page) },
        await fileSigner(ctx, scope.user.id),
      ),
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

  // Files for messages: the content kit's upload (type by content, size by the app's limit), then named in a message.
  app.withTypeProvider<ZodTypeProvider>().post(
    CHAT_UPLOAD.path,
    {
      config: { auth: true, ...perMemberLimit(ctx, 'upload') },
      schema: {
        tags: ['chats'],
        summary: `Upload a file for a message (multipart, one file in field \`${CHAT_UPLOAD.field}\`), then name its id in attachment_ids`,
        consumes: ['multipart/form-data'],
        params: appModuleParam,
        response: { 200: attachment },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      await chatsModule(ctx, scope, req.params.app_module_id);
      return receiveUpload(ctx, scope, req);
    },
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    CHAT_LOGO.path,
    {
      // Decoding and re-encoding an image costs: the avatar's allowance (UPLOAD_RATE_LIMIT), in a bucket of its own.
      config: { auth: true, ...perMemberLimit(ctx, 'chat-logo', ctx.config.rateLimit.uploads) },
      schema: {
        tags: ['chats'],
        summary: `Set a group's logo (its owner; multipart field \`${CHAT_LOGO.field}\`)`,
        consumes: ['multipart/form-data'],
        params: chatParams,
        response: { 200: chatDetailSchema },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const settle = chargeUpload(ctx, scope, req, CHAT_LIMITS.logoMaxBytes + 1);
      const file = await req.file({ limits: { fileSize: CHAT_LIMITS.logoMaxBytes + 1, files: 1 } }).catch(() => undefined);
      if (!file || file.fieldname !== CHAT_LOGO.field) throw fieldError(CHAT_LOGO.field, 'profile.errors.avatarType');
      const data = await file.toBuffer().catch(() => undefined);
      settle(data?.length ?? CHAT_LIMITS.logoMaxBytes + 1);
      if (!data || file.file.truncated) throw fieldError(CHAT_LOGO.field, 'chats.errors.logoTooLarge');
      return saveLogo(ctx, scope, req.params.app_module_id, req.params.id, data);
    },
  );
  // A message's file, by a URL signed for one reader and chat (an <img src> sends no header): served
  // while the reader is still a member of the chat, else 403 like a bad signature; a file gone is 404.
  app.withTypeProvider<ZodTypeProvider>().get(
    CHAT_FILES_PATH,
    {
      schema: {
        hide: true,
        params: z.object({ id: id32 }),
        querystring: z.object({ c: id32, u: id32, exp: z.coerce.number().int(), sig: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      if (!(await validSignature(ctx, { id, ...req.query }))) throw forbidden();
      const row = await findUpload(ctx.db, id);
      if (!row) throw notFound();
      // The reader still in the chat: not left, not removed, account not erased.
      if (!(await isCurrentMember(ctx.db, req.query.c, req.query.u))) throw forbidden();
      const left = Math.min(CHAT_FILE_MAX_AGE_S, req.query.exp - Math.floor(Date.now() / 1000));
      return sendUpload(ctx, reply, row, { inlineImage: true, cache: `private, max-age=${left}` });
    },
  );
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
