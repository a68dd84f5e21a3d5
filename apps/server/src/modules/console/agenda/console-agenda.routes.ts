import { consoleAgendaEndpoints as e } from '@app/contract/schemas/console-agenda';
import type { FastifyInstance } from 'fastify';
import { sendJson } from '../../../lib/json.ts';
import { perMemberLimit } from '../../../platform/route.ts';
import { consoleRoute } from '../console.policy.ts';
import * as s from './console-agenda.service.ts';

/** The console's "Agenda" area: one agenda module of an app (owners of the app and operators). */
export async function consoleAgendaRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const write = perMemberLimit(ctx, 'console-write');
  consoleRoute(app, e.grid, async ({ params }, actor, _req, reply) =>
    sendJson(reply, await s.gridBytes(ctx, actor, params.app_id, params.module_id)),
  );
  consoleRoute(app, e.publish, ({ params }, actor) => s.publish(ctx, actor, params.app_id, params.module_id), write);
  consoleRoute(app, e.speakers, ({ params }, actor) => s.listSpeakers(ctx, actor, params.app_id, params.module_id));
  consoleRoute(app, e.session, ({ params }, actor) => s.getSession(ctx, actor, params.app_id, params.module_id, params.id));
  consoleRoute(
    app,
    e.move,
    ({ params, body }, actor) => s.moveSession(ctx, actor, params.app_id, params.module_id, params.id, body),
    write,
  );

  consoleRoute(
    app,
    e.sessions.create,
    ({ params, body }, actor) => s.createSession(ctx, actor, params.app_id, params.module_id, body),
    write,
  );
  consoleRoute(
    app,
    e.sessions.update,
    ({ params, body }, actor) => s.updateSession(ctx, actor, params.app_id, params.module_id, params.id, body),
    write,
  );
  consoleRoute(
    app,
    e.sessions.remove,
    ({ params }, actor) => s.deleteSession(ctx, actor, params.app_id, params.module_id, params.id),
    write,
  );

  consoleRoute(app, e.tracks.create, ({ params, body }, actor) => s.createTrack(ctx, actor, params.app_id, params.module_id, body), write);
  consoleRoute(
    app,
    e.tracks.update,
    ({ params, body }, actor) => s.updateTrack(ctx, actor, params.app_id, params.module_id, params.id, body),
    write,
  );
  consoleRoute(app, e.tracks.remove, ({ params }, actor) => s.deleteTrack(ctx, actor, params.app_id, params.module_id, params.id), write);

  consoleRoute(app, e.rooms.create, ({ params, body }, actor) => s.createRoom(ctx, actor, params.app_id, params.module_id, body), write);
  consoleRoute(
    app,
    e.rooms.update,
    ({ params, body }, actor) => s.updateRoom(ctx, actor, params.app_id, params.module_id, params.id, body),
    write,
  );
  consoleRoute(app, e.rooms.remove, ({ params }, actor) => s.deleteRoom(ctx, actor, params.app_id, params.module_id, params.id), write);

  consoleRoute(
    app,
    e.speakerCrud.create,
    ({ params, body }, actor) => s.createSpeaker(ctx, actor, params.app_id, params.module_id, body),
    write,
  );
  consoleRoute(
    app,
    e.speakerCrud.update,
    ({ params, body }, actor) => s.updateSpeaker(ctx, actor, params.app_id, params.module_id, params.id, body),
    write,
  );
  consoleRoute(
    app,
    e.speakerCrud.remove,
    ({ params }, actor) => s.deleteSpeaker(ctx, actor, params.app_id, params.module_id, params.id),
    write,
  );
}
