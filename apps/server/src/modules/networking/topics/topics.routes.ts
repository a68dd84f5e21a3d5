import { networkingTopicsEndpoints as e } from '@app/contract/schemas/networking-topics';
import type { FastifyInstance } from 'fastify';
import { setPageHeaders } from '../../../lib/pagination.ts';
import { perMemberLimit, route } from '../../../platform/route.ts';
import { scopeOf } from '../../../platform/scope.ts';
import {
  addComment,
  createTopic,
  deleteComment,
  deleteTopic,
  flagComment,
  flagTopic,
  getTopic,
  joinTopic,
  leaveTopic,
  likeTopic,
  listComments,
  listTopics,
  topicMembers,
  unlikeTopic,
  updateTopic,
} from './topics.service.ts';

export async function topicsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const writes = perMemberLimit(ctx, 'write');
  route(app, e.list, async ({ params, query }, req, reply) => {
    const page = { page: query.page, perPage: query['per-page'] };
    const { items, total } = await listTopics(ctx, scopeOf(req), params.app_module_id, query, page);
    setPageHeaders(reply, page, total);
    return items;
  });
  route(app, e.get, ({ params }, req) => getTopic(ctx, scopeOf(req), params.app_module_id, params.topic_id));
  route(app, e.create, ({ params, body }, req) => createTopic(ctx, scopeOf(req), params.app_module_id, body), writes);
  route(app, e.update, ({ params, body }, req) => updateTopic(ctx, scopeOf(req), params.app_module_id, params.topic_id, body), writes);
  route(app, e.remove, ({ params }, req) => deleteTopic(ctx, scopeOf(req), params.app_module_id, params.topic_id), writes);
  route(app, e.like, ({ params }, req) => likeTopic(ctx, scopeOf(req), params.app_module_id, params.topic_id), writes);
  route(app, e.unlike, ({ params }, req) => unlikeTopic(ctx, scopeOf(req), params.app_module_id, params.topic_id), writes);
  route(app, e.join, ({ params }, req) => joinTopic(ctx, scopeOf(req), params.app_module_id, params.topic_id), writes);
  route(app, e.leave, ({ params }, req) => leaveTopic(ctx, scopeOf(req), params.app_module_id, params.topic_id), writes);
  route(app, e.flag, ({ params }, req) => flagTopic(ctx, scopeOf(req), params.app_module_id, params.topic_id), writes);
  route(app, e.members, async ({ params, query }, req, reply) => {
    const page = { page: query.page, perPage: query['per-page'] };
    const { items, total } = await topicMembers(ctx, scopeOf(req), params.app_module_id, params.topic_id, page);
    setPageHeaders(reply, page, total);
    return items;
  });
  route(app, e.comments, async ({ params, query }, req, reply) => {
    const page = { page: query.page, perPage: query['per-page'] };
    const { items, total } = await listComments(ctx, scopeOf(req), params.app_module_id, params.topic_id, page);
    setPageHeaders(reply, page, total);
    return items;
  });
  route(app, e.comment, ({ params, body }, req) => addComment(ctx, scopeOf(req), params.app_module_id, params.topic_id, body.body), writes);
  route(
    app,
    e.removeComment,
    ({ params }, req) => deleteComment(ctx, scopeOf(req), params.app_module_id, params.topic_id, params.comment_id),
    writes,
  );
  route(
    app,
    e.flagComment,
    ({ params }, req) => flagComment(ctx, scopeOf(req), params.app_module_id, params.topic_id, params.comment_id),
    writes,
  );
}
