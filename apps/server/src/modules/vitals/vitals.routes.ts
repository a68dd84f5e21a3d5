import { vitalsEndpoints as e, VITALS_BODY_MAX, VITALS_POST_PATH, vitalsBatch, vitalsQuery } from '@app/contract/schemas/vitals';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, unauthorized } from '../../lib/errors.ts';
import { budgetKey } from '../../lib/member-budget.ts';
import { perMemberLimit, route } from '../../platform/route.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { consoleRoute, requireConsoleApp } from '../console/console.policy.ts';
import { changeSampleRate, recordVitals, sampleRate, vitalsReport } from './vitals.service.ts';

/** Beacons an address may send per minute and app when signed out: a venue's members often share one address. */
const PER_ADDRESS = 240;

function tokenOf(req: FastifyRequest): string | undefined {
  const raw = req.headers['access-token'];
  return typeof raw === 'string' && raw && raw.length <= 200 ? raw : undefined;
}

export async function vitalsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  /**
   * The member behind the request's token, looked up once per request (the rate limit's key, its
   * allowance and the handler all ask; an unknown token would cost a query each time). A beacon
   * carries no header, so most come signed out and count per address; a client that can send the
   * header (fetch with keepalive) counts as its member.
   */
  const members = new WeakMap<FastifyRequest, ReturnType<typeof ctx.tokens.resolve>>();
  const memberOf = (req: FastifyRequest) => {
    let found = members.get(req);
    if (!found) {
      const token = tokenOf(req);
      found = token ? ctx.tokens.resolve(token) : Promise.resolve(undefined);
      members.set(req, found);
    }
    return found;
  };

  // sendBeacon posts a string as text/plain (a Blob as its own type): both parse as JSON here,
  // within a small body limit, for this route only.
  await app.register(async (scope) => {
    const parseJson = (_req: FastifyRequest, body: string | Buffer, done: (err: Error | null, value?: unknown) => void) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(new HttpError(400, 'common.errors.badJson'));
      }
    };
    scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: VITALS_BODY_MAX }, parseJson);
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: VITALS_BODY_MAX }, parseJson);
    scope.withTypeProvider<ZodTypeProvider>().post(
      VITALS_POST_PATH,
      {
        bodyLimit: VITALS_BODY_MAX,
        schema: {
          tags: ['vitals'],
          summary: 'Core Web Vitals of a page load (sampled, no personal data); signed in or not; 204',
          querystring: vitalsQuery,
          body: vitalsBatch,
          response: { 204: z.null().describe('Recorded') },
        },
        config: {
          auth: false,
          rateLimit: {
            // One budget per member (whatever the transport), else per address and app.
            max: async (req: FastifyRequest) => ((await memberOf(req)) ? ctx.config.rateLimit.writes : PER_ADDRESS),
            timeWindow: ctx.config.rateLimit.windowMs,
            memberBudget: true,
            keyGenerator: async (req: FastifyRequest) => {
              const member = await memberOf(req);
              return member ? budgetKey('vitals', member.appId, member.userId) : budgetKey('vitals', req.tenant?.id ?? '-', `ip:${req.ip}`);
            },
          },
        },
      },
      async (req, reply) => {
        let appId: number;
        if (tokenOf(req)) {
          // A token names its own app, whatever the address says; a dead one is a 401 as anywhere.
          const member = await memberOf(req);
          if (!member) throw unauthorized();
          appId = member.appId;
        } else appId = tenantOf(req).id;
        await recordVitals(ctx, appId, req.body.items);
        return reply.code(204).send(null);
      },
    );
  });

  // Public and cached by the browser: every page load asks before it decides to report.
  route(app, e.config, async (_input, req, reply) => {
    reply.header('cache-control', 'public, max-age=600');
    return { sample_rate: await sampleRate(ctx, tenantOf(req).id) };
  });

  consoleRoute(app, e.report, async ({ params, query }, actor) => {
    await requireConsoleApp(ctx, actor, params.app_id, 'owner');
    return vitalsReport(ctx, params.app_id, query.days, query.device);
  });

  consoleRoute(
    app,
    e.settings,
    async ({ params, body }, actor) => {
      await requireConsoleApp(ctx, actor, params.app_id, 'owner');
      return { sample_rate: await changeSampleRate(ctx, actor, params.app_id, body.sample_rate) };
    },
    perMemberLimit(ctx, 'console-write'),
  );
}
