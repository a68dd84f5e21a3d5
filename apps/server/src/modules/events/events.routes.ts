import { eventsEndpoints as e } from '@app/contract/schemas/events';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { perMemberLimit, route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { detail, flag, list, overview, setRegistered, speakerDetail } from './events.service.ts';

export async function eventsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const writes = perMemberLimit(ctx, 'write');
  // Register/unregister taps come in bursts while browsing: a bucket of their own.
  const taps = perMemberLimit(ctx, 'events-registration');

  route(app, e.overview, ({ params, query }, req) => overview(ctx, scopeOf(req), params.app_module_id, query.tz));
  route(app, e.list, ({ params, query }, req) => list(ctx, scopeOf(req), params.app_module_id, query));
  // Answers that may hold the join link are the reader's alone: never kept by a cache.
  const privately = <T>(reply: FastifyReply, body: T) => {
    reply.header('cache-control', 'private, no-store');
    return body;
  };
  route(app, e.get, async ({ params }, req, reply) => privately(reply, await detail(ctx, scopeOf(req), params.app_module_id, params.id)));
  route(
    app,
    e.register,
    async ({ params, body }, req, reply) =>
      privately(reply, await setRegistered(ctx, scopeOf(req), params.app_module_id, params.id, true, body?.external ?? false)),
    taps,
  );
  route(
    app,
    e.unregister,
    async ({ params }, req, reply) => privately(reply, await setRegistered(ctx, scopeOf(req), params.app_module_id, params.id, false)),
    taps,
  );
  route(app, e.flag, ({ params }, req) => flag(ctx, scopeOf(req), params.app_module_id, params.id, 'event', params.id), writes);
  route(app, e.speaker, ({ params }, req) => speakerDetail(ctx, scopeOf(req), params.app_module_id, params.id, params.speaker_id));
  route(
    app,
    e.flagSpeaker,
    ({ params }, req) => flag(ctx, scopeOf(req), params.app_module_id, params.id, 'speaker', params.speaker_id),
    writes,
  );
  route(
    app,
    e.flagSection,
    ({ params }, req) => flag(ctx, scopeOf(req), params.app_module_id, params.id, 'section', params.section_id),
    writes,
  );
}
