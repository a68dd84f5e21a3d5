import { Readable } from 'node:stream';
import { consoleEventParams, EVENT_REGISTRATIONS_EXPORT_PATH, consoleEventsEndpoints as e } from '@app/contract/schemas/console-events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../../lib/errors.ts';
import { perMemberLimit } from '../../../platform/route.ts';
import { audit } from '../console.audit.ts';
import { csvLine } from '../console.csv.ts';
import { actorOf, consoleRoute, requireConsoleApp } from '../console.policy.ts';
import { findEvent } from './events.queries.ts';
import * as s from './events.service.ts';

/** The console's events (owners of the app and operators): events.service.ts. */
export async function consoleEventRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const write = perMemberLimit(ctx, 'console-write');
  consoleRoute(app, e.list, ({ params, query }, actor, _req, reply) => s.listEvents(ctx, actor, params.app_id, query, reply));
  consoleRoute(app, e.get, ({ params }, actor) => s.getEvent(ctx, actor, params.app_id, params.id));
  consoleRoute(app, e.create, ({ params, body }, actor) => s.createEvent(ctx, actor, params.app_id, body), write);
  consoleRoute(app, e.update, ({ params, body }, actor) => s.updateEvent(ctx, actor, params.app_id, params.id, body), write);
  consoleRoute(app, e.duplicate, ({ params }, actor) => s.duplicateEvent(ctx, actor, params.app_id, params.id), write);
  consoleRoute(app, e.state, ({ params, body }, actor) => s.setState(ctx, actor, params.app_id, params.id, body), write);
  consoleRoute(app, e.remove, ({ params }, actor) => s.deleteEvent(ctx, actor, params.app_id, params.id), write);
  consoleRoute(app, e.registrations, ({ params, query }, actor, _req, reply) =>
    s.listRegistrations(ctx, actor, params.app_id, params.id, query, reply),
  );
  consoleRoute(app, e.importPreview, ({ params, body }, actor) => s.previewImport(ctx, actor, params.app_id, params.id, body.csv), write);
  consoleRoute(app, e.import, ({ params, body }, actor) => s.importRegistrations(ctx, actor, params.app_id, params.id, body.csv), write);

  // The export: text/csv streamed in batches, outside the endpoint table (not JSON); the console
  // fetches it with the access-token header and saves the blob.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      EVENT_REGISTRATIONS_EXPORT_PATH,
      { schema: { hide: true, params: consoleEventParams }, config: { auth: false, console: true, ...write } },
      async (req, reply) => {
        const actor = actorOf(req);
        const tenant = await requireConsoleApp(ctx, actor, req.params.app_id, 'owner');
        const ev = await findEvent(ctx.db, tenant.id, req.params.id);
        if (!ev) throw notFound();
        await audit(ctx.db, actor, { appId: tenant.id, action: 'event.registrations.export', targetType: 'event', targetId: ev.id });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="registrations-${ev.id}.csv"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(Readable.from(s.registrationsCsv(ctx.db, ev.id, csvLine)));
      },
    );
}
