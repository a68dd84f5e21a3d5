import type { PublicSession } from '@app/contract/schemas/agenda';
import { AGENDA_ICS, agendaEndpoints as e } from '@app/contract/schemas/agenda';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { sendJson } from '../../lib/json.ts';
import { perMemberLimit, route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { appBaseUrl } from '../../plugins/tenant.ts';
import { meetingIcsEvents } from '../networking/networking.ics.ts';
import { icsCalendar } from './agenda.ics.ts';
import {
  agendaModule,
  askQuestion,
  deleteQuestion,
  feedByToken,
  feedState,
  listQuestions,
  listSessionsJson,
  markAnswered,
  newFeed,
  overview,
  patchSession,
  rateSession,
  revokeFeed,
  scheduleSessions,
  sessionDetail,
  sessionForIcs,
  setScheduled,
  speakerDetail,
  voteQuestion,
} from './agenda.service.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);

export async function agendaRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const writes = perMemberLimit(ctx, 'write');
  // Schedule taps and votes come in bursts while browsing: a bucket of their own.
  const taps = perMemberLimit(ctx, 'agenda-tap');

  route(app, e.overview, ({ params, query }, req) => overview(ctx, scopeOf(req), params.app_module_id, query.tz));
  route(app, e.sessions, async ({ params, query }, req, reply) =>
    sendJson(reply, await listSessionsJson(ctx, scopeOf(req), params.app_module_id, query)),
  );
  route(app, e.session, ({ params }, req) => sessionDetail(ctx, scopeOf(req), params.app_module_id, params.id));
  route(app, e.patchSession, ({ params, body }, req) => patchSession(ctx, scopeOf(req), params.app_module_id, params.id, body), writes);
  route(app, e.addToSchedule, ({ params }, req) => setScheduled(ctx, scopeOf(req), params.app_module_id, params.id, true), taps);
  route(app, e.removeFromSchedule, ({ params }, req) => setScheduled(ctx, scopeOf(req), params.app_module_id, params.id, false), taps);
  route(app, e.rate, ({ params, body }, req) => rateSession(ctx, scopeOf(req), params.app_module_id, params.id, body), writes);
  route(app, e.questions, ({ params }, req) => listQuestions(ctx, scopeOf(req), params.app_module_id, params.id));
  route(app, e.ask, ({ params, body }, req) => askQuestion(ctx, scopeOf(req), params.app_module_id, params.id, body.text), writes);
  route(app, e.vote, ({ params }, req) => voteQuestion(ctx, scopeOf(req), params.app_module_id, params.id, params.question_id, true), taps);
  route(
    app,
    e.unvote,
    ({ params }, req) => voteQuestion(ctx, scopeOf(req), params.app_module_id, params.id, params.question_id, false),
    taps,
  );
  route(
    app,
    e.answered,
    ({ params, body }, req) => markAnswered(ctx, scopeOf(req), params.app_module_id, params.id, params.question_id, body.answered),
    writes,
  );
  route(
    app,
    e.deleteQuestion,
    ({ params }, req) => deleteQuestion(ctx, scopeOf(req), params.app_module_id, params.id, params.question_id),
    writes,
  );
  route(app, e.speaker, ({ params }, req) => speakerDetail(ctx, scopeOf(req), params.app_module_id, params.id));
  route(app, e.feed, ({ params }, req) => feedState(ctx, scopeOf(req), params.app_module_id));
  route(
    app,
    e.newFeed,
    async ({ params }, req) => {
      const scope = scopeOf(req);
      const made = await newFeed(ctx, scope, params.app_module_id);
      return { ...made, url: `${await appBaseUrl(app, req, scope.tenant)}${made.url}` };
    },
    writes,
  );
  route(app, e.revokeFeed, ({ params }, req) => revokeFeed(ctx, scopeOf(req), params.app_module_id), writes);

  // Calendar files: text/calendar, not JSON, so outside the endpoint table (and the OpenAPI
  // description). The session and schedule files need the access token like any call; the feed
  // is read by calendar apps, which send no header: its secret is the `token` parameter (redacted
  // in logs, only its hash stored).
  const sendIcs = (reply: FastifyReply, body: string, filename: string) =>
    reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  const urlOf = (base: string) => (s: PublicSession) => `${base}/agenda/${s.app_module_id}/${s.id}`;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    AGENDA_ICS.session(':app_module_id' as unknown as number, ':id' as unknown as number),
    { schema: { hide: true, params: z.object({ app_module_id: id, id }) }, config: { auth: true } },
    async (req, reply) => {
      const scope = scopeOf(req);
      const s = await sessionForIcs(ctx, scope, req.params.app_module_id, req.params.id);
      const body = icsCalendar([s], {
        name: scope.tenant.name,
        uidDomain: scope.tenant.key,
        urlOf: urlOf(await appBaseUrl(app, req, scope.tenant)),
      });
      return sendIcs(reply, body, `session-${s.id}.ics`);
    },
  );
  typed.get(
    AGENDA_ICS.schedule(':app_module_id' as unknown as number),
    { schema: { hide: true, params: z.object({ app_module_id: id }) }, config: { auth: true } },
    async (req, reply) => {
      const scope = scopeOf(req);
      const at = await agendaModule(ctx, scope, req.params.app_module_id);
      const sessions = await scheduleSessions(ctx, at, scope.user.id);
      const body = icsCalendar(sessions, {
        name: scope.tenant.name,
        uidDomain: scope.tenant.key,
        urlOf: urlOf(await appBaseUrl(app, req, scope.tenant)),
      });
      return sendIcs(reply, body, 'my-agenda.ics');
    },
  );
  typed.get(
    AGENDA_ICS.feedPath,
    {
      schema: { hide: true, querystring: z.object({ token: z.string().min(20).max(100) }) },
      // A secret in the URL: guessing is refused early by the address's rate limit.
      config: { auth: false, rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      const found = await feedByToken(ctx, req.query.token);
      if (!found) throw notFound();
      const base = await appBaseUrl(app, req, found.app);
      // The member's accepted 1:1 meetings join their agenda feed (the networking module says which).
      const meetings = await meetingIcsEvents(ctx, found.app, found.userId, base);
      const body = icsCalendar(found.sessions, { name: found.app.name, uidDomain: found.app.key, urlOf: urlOf(base) }, meetings);
      return sendIcs(reply, body, 'agenda.ics');
    },
  );
}
