import { appModuleParam } from '@app/contract/schemas/common';
import { attachment, CONTENT_UPLOAD, contentEndpoints as e } from '@app/contract/schemas/content';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/errors.ts';
import { setPageHeaders } from '../../lib/pagination.ts';
import { perMemberLimit, route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { addComment, editComment, flagComment, listComments, removeComment, setCommentLiked } from './content.comments.ts';
import {
  contentModule,
  createPost,
  deletePost,
  finishPoll,
  flagPost,
  getPost,
  listLikers,
  listPosts,
  listVoters,
  markSeen,
  setFollowed,
  setLiked,
  setPinned,
  updatePost,
  vote,
} from './content.service.ts';
import { uploads } from './content.table.ts';
import { receiveUpload, sendUpload, verifySignature } from './content.uploads.ts';

export async function contentRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Writes are limited per member, not per address: a flood from one account is refused (429).
  const writes = perMemberLimit(ctx, 'write');
  // One file per request, limited per member like the other writes but in a bucket of its own: a post
  // with ten attachments must not meet the avatar's limit of a few uploads a minute.
  app.withTypeProvider<ZodTypeProvider>().post(
    CONTENT_UPLOAD.path,
    {
      config: { auth: true, ...perMemberLimit(ctx, 'upload') },
      schema: {
        tags: ['content'],
        summary: `Upload a cover image or attachment (multipart, one file in field \`${CONTENT_UPLOAD.field}\`), then name its id in the post`,
        consumes: ['multipart/form-data'],
        params: appModuleParam,
        response: { 200: attachment },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      await contentModule(ctx, scope, req.params.app_module_id);
      return receiveUpload(ctx, scope, req);
    },
  );

  // The files of posts, by signed URL only (an <img src> sends no header): not an API call, so not in
  // the OpenAPI description. A bad or missing signature is 403, an expired one too; a file gone is 404.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/files/:id',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        querystring: z.object({ exp: z.coerce.number().int().optional(), sig: z.string().max(100).optional() }),
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      const { exp, sig } = req.query;
      if (exp === undefined || !sig || !(await verifySignature(ctx, id, exp, sig))) throw forbidden();
      const left = exp - Math.floor(Date.now() / 1000);
      if (left <= 0) throw forbidden();
      const [row] = await ctx.db.select().from(uploads).where(eq(uploads.id, id));
      if (!row) throw notFound();
      return sendUpload(ctx, reply, row, { inlineImage: true, cache: `private, max-age=${left}` });
    },
  );

  route(app, e.list, async ({ params, query }, req, reply) => {
    const page = { page: query.page, perPage: query['per-page'] };
    const { items, total } = await listPosts(ctx, scopeOf(req), params.app_module_id, page, query.search);
    setPageHeaders(reply, page, total);
    return items;
  });
  route(app, e.get, ({ params }, req) => getPost(ctx, scopeOf(req), params.app_module_id, params.id));
  route(app, e.seen, ({ params, body }, req) => markSeen(ctx, scopeOf(req), params.app_module_id, body.post_id));
  route(app, e.create, ({ params, body }, req) => createPost(ctx, scopeOf(req), params.app_module_id, body), writes);
  route(app, e.update, ({ params, body }, req) => updatePost(ctx, scopeOf(req), params.app_module_id, params.id, body), writes);
  route(app, e.remove, ({ params }, req) => deletePost(ctx, scopeOf(req), params.app_module_id, params.id), writes);
  route(app, e.pin, ({ params, body }, req) => setPinned(ctx, scopeOf(req), params.app_module_id, params.id, body.pinned), writes);
  route(app, e.like, ({ params, body }, req) => setLiked(ctx, scopeOf(req), params.app_module_id, params.id, body.liked), writes);
  route(app, e.follow, ({ params, body }, req) => setFollowed(ctx, scopeOf(req), params.app_module_id, params.id, body.followed), writes);
  route(app, e.flag, ({ params }, req) => flagPost(ctx, scopeOf(req), params.app_module_id, params.id), writes);
  route(app, e.vote, ({ params, body }, req) => vote(ctx, scopeOf(req), params.app_module_id, params.id, body.option_id), writes);
  route(app, e.finishPoll, ({ params }, req) => finishPoll(ctx, scopeOf(req), params.app_module_id, params.id), writes);
  route(app, e.votes, ({ params }, req) => listVoters(ctx, scopeOf(req), params.app_module_id, params.id));
  route(app, e.likes, async ({ params, query }, req, reply) => {
    const page = { page: query.page, perPage: query['per-page'] };
    const { items, total } = await listLikers(ctx, scopeOf(req), params.app_module_id, params.id, page);
    setPageHeaders(reply, page, total);
    return items;
  });
  route(app, e.comments, async ({ params, query }, req, reply) => {
    const page = { page: query.page, perPage: query['per-page'] };
    const { items, total } = await listComments(ctx, scopeOf(req), params.app_module_id, params.id, page);
    setPageHeaders(reply, page, total);
    return items;
  });
  route(app, e.addComment, ({ params, body }, req) => addComment(ctx, scopeOf(req), params.app_module_id, params.id, body), writes);
  route(
    app,
    e.editComment,
    ({ params, body }, req) => editComment(ctx, scopeOf(req), params.app_module_id, params.id, params.comment_id, body.text),
    writes,
  );
  route(
    app,
    e.removeComment,
    ({ params }, req) => removeComment(ctx, scopeOf(req), params.app_module_id, params.id, params.comment_id),
    writes,
  );
  route(
    app,
    e.likeComment,
    ({ params, body }, req) => setCommentLiked(ctx, scopeOf(req), params.app_module_id, params.id, params.comment_id, body.liked),
    writes,
  );
  route(
    app,
    e.flagComment,
    ({ params }, req) => flagComment(ctx, scopeOf(req), params.app_module_id, params.id, params.comment_id),
    writes,
  );
}
