import { contentEndpoints as e } from '@app/contract/schemas/content';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { setPageHeaders } from '../../lib/pagination.ts';
import { route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { addComment, editComment, flagComment, listComments, removeComment, setCommentLiked } from './content.comments.ts';
import {
  createPost,
  deletePost,
  finishPoll,
  flagPost,
  getPost,
  listLikers,
  listPosts,
  setFollowed,
  setLiked,
  setPinned,
  updatePost,
  vote,
} from './content.service.ts';

export async function contentRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Writes are limited per member, not per address: a flood from one account is refused (429).
  const writes = {
    rateLimit: {
      max: ctx.config.rateLimit.writes,
      timeWindow: ctx.config.rateLimit.windowMs,
      keyGenerator: (req: FastifyRequest) => `write|${req.tenant?.id ?? '-'}|${req.user?.id ?? req.ip}`,
    },
  };
  route(app, e.list, async ({ params, query }, req, reply) => {
    const page = { page: query.page, perPage: query['per-page'] };
    const { items, total } = await listPosts(ctx, scopeOf(req), params.app_module_id, page, query.search);
    setPageHeaders(reply, page, total);
    return items;
  });
  route(app, e.get, ({ params }, req) => getPost(ctx, scopeOf(req), params.app_module_id, params.id));
  route(app, e.create, ({ params, body }, req) => createPost(ctx, scopeOf(req), params.app_module_id, body), writes);
  route(app, e.update, ({ params, body }, req) => updatePost(ctx, scopeOf(req), params.app_module_id, params.id, body), writes);
  route(app, e.remove, ({ params }, req) => deletePost(ctx, scopeOf(req), params.app_module_id, params.id), writes);
  route(app, e.pin, ({ params, body }, req) => setPinned(ctx, scopeOf(req), params.app_module_id, params.id, body.pinned), writes);
  route(app, e.like, ({ params, body }, req) => setLiked(ctx, scopeOf(req), params.app_module_id, params.id, body.liked), writes);
  route(app, e.follow, ({ params, body }, req) => setFollowed(ctx, scopeOf(req), params.app_module_id, params.id, body.followed), writes);
  route(app, e.flag, ({ params }, req) => flagPost(ctx, scopeOf(req), params.app_module_id, params.id), writes);
  route(app, e.vote, ({ params, body }, req) => vote(ctx, scopeOf(req), params.app_module_id, params.id, body.option_id), writes);
  route(app, e.finishPoll, ({ params }, req) => finishPoll(ctx, scopeOf(req), params.app_module_id, params.id), writes);
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
