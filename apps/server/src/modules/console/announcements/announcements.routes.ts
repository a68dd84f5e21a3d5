import { consoleAnnouncementEndpoints as e } from '@app/contract/schemas/console-announcements';
import type { FastifyInstance } from 'fastify';
import { perMemberLimit } from '../../../platform/route.ts';
import { consoleRoute } from '../console.policy.ts';
import { startAnnouncementSchedule } from './announcements.sender.ts';
import * as s from './announcements.service.ts';

/** The console's announcements (owners of the app and operators), and this node's schedule of due sends. */
export async function announcementRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const write = perMemberLimit(ctx, 'console-write');
  consoleRoute(app, e.list, ({ params, query }, actor, _req, reply) => s.listAnnouncements(ctx, actor, params.app_id, query, reply));
  consoleRoute(app, e.get, ({ params }, actor) => s.getAnnouncement(ctx, actor, params.app_id, params.id));
  consoleRoute(app, e.segments, ({ params }, actor) => s.segmentChoices(ctx, actor, params.app_id));
  consoleRoute(
    app,
    e.previewCount,
    ({ params, body }, actor) => s.previewCount(ctx, actor, params.app_id, body.segment),
    perMemberLimit(ctx, 'console-preview'),
  );
  consoleRoute(app, e.create, ({ params, body }, actor) => s.createAnnouncement(ctx, actor, params.app_id, body), write);
  consoleRoute(app, e.update, ({ params, body }, actor) => s.updateAnnouncement(ctx, actor, params.app_id, params.id, body), write);
  consoleRoute(app, e.cancel, ({ params }, actor) => s.cancelAnnouncement(ctx, actor, params.app_id, params.id), write);
  consoleRoute(app, e.send, ({ params }, actor) => s.sendAnnouncement(ctx, actor, params.app_id, params.id), write);
  const stop = startAnnouncementSchedule(ctx);
  app.addHook('onClose', async () => stop());
}
