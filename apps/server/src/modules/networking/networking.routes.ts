import { networkingEndpoints as e, MEET_ICS } from '@app/contract/schemas/networking';
import { networkingHubEndpoints as h } from '@app/contract/schemas/networking-hub';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perMemberLimit, route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { appBaseUrl } from '../../plugins/tenant.ts';
import { icsCalendar } from '../agenda/agenda.ics.ts';
import { meetingIcsEvent } from './networking.ics.ts';
import { markNetworker, networkerCard, unmarkNetworker } from './networking.marks.ts';
import { findMeeting } from './networking.queries.ts';
import { answerMeeting, cancelMeeting, createMeeting, editMeeting, getMeeting, listMeetings } from './networking.service.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);

export async function networkingRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const writes = perMemberLimit(ctx, 'write');

  route(app, e.list, (_input, req) => listMeetings(ctx, scopeOf(req)));
  route(app, e.get, ({ params }, req) => getMeeting(ctx, scopeOf(req), params.id));
  route(app, e.create, ({ body }, req) => createMeeting(ctx, scopeOf(req), body), writes);
  route(app, e.update, ({ params, body }, req) => editMeeting(ctx, scopeOf(req), params.id, body), writes);
  route(app, e.accept, ({ params }, req) => answerMeeting(ctx, scopeOf(req), params.id, true), writes);
  route(app, e.reject, ({ params }, req) => answerMeeting(ctx, scopeOf(req), params.id, false), writes);
  route(app, e.cancel, ({ params }, req) => cancelMeeting(ctx, scopeOf(req), params.id), writes);

  // The networker card and my marks on it (shortlist, skip).
  route(app, h.card, ({ params }, req) => networkerCard(ctx, scopeOf(req), params.app_module_id, params.id));
  route(app, h.like, ({ params }, req) => markNetworker(ctx, scopeOf(req), params.app_module_id, params.id, 'liked'), writes);
  route(app, h.skip, ({ params }, req) => markNetworker(ctx, scopeOf(req), params.app_module_id, params.id, 'skipped'), writes);
  route(app, h.unlike, ({ params }, req) => unmarkNetworker(ctx, scopeOf(req), params.app_module_id, params.id, 'liked'), writes);
  route(app, h.unskip, ({ params }, req) => unmarkNetworker(ctx, scopeOf(req), params.app_module_id, params.id, 'skipped'), writes);

  // "Add to calendar" after accepting: one meeting's .ics (text/calendar, outside the endpoint table
  // like the agenda's files; the access token comes in the header, so the web app fetches a blob).
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      MEET_ICS.one(':id' as unknown as number),
      { schema: { hide: true, params: z.object({ id }) }, config: { auth: true } },
      async (req, reply) => {
        const scope = scopeOf(req);
        await getMeeting(ctx, scope, req.params.id);
        const found = await findMeeting(ctx.db, scope.tenant.id, req.params.id);
        if (!found) return reply.code(404).send();
        const base = await appBaseUrl(app, req, scope.tenant);
        const body = icsCalendar([], { name: scope.tenant.name, uidDomain: scope.tenant.key }, [
          meetingIcsEvent(found, scope.tenant, scope.user.id, base),
        ]);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', `attachment; filename="meeting-${found.m.id}.ics"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(body);
      },
    );
}
