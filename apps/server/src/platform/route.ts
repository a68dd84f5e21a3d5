import type { Endpoint, EndpointParsed, EndpointResult } from '@app/contract/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../context.ts';
import { RetryLater } from '../lib/errors.ts';
import { budgetKey } from '../lib/member-budget.ts';

type Handler<E extends Endpoint> = (
  input: EndpointParsed<E>,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<EndpointResult<E> | FastifyReply> | EndpointResult<E> | FastifyReply;

/**
 * Registers the Fastify route of a contract endpoint: method, path, schemas (validation,
 * serialisation, OpenAPI) and auth all come from the one definition the web client calls.
 * `config` adds route options such as a rate limit.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  config: NonNullable<RouteShorthandOptions['config']> = {},
): void {
  const schema: Record<string, unknown> = {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    response: { 200: endpoint.response },
  };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: { auth: endpoint.auth ?? true, ...config },
    schema,
    handler: (req, reply) =>
      handler({ params: req.params, query: req.query, body: req.body } as EndpointParsed<E>, req, reply) as Promise<unknown>,
  });
}

/**
 * Route config limiting writes per member (not per address): a flood from one account is refused
 * (429). Each bucket counts on its own (an upload does not use up the posts' allowance), across all
 * routes naming it and the socket events drawing from it (takeBudget). `max` is the writes'
 * allowance unless given (image re-encoding gets the uploads' smaller one).
 */
export function perMemberLimit(ctx: Pick<Ctx, 'config'>, bucket: string, max = ctx.config.rateLimit.writes) {
  return {
    rateLimit: {
      max,
      timeWindow: ctx.config.rateLimit.windowMs,
      // Counted in ctx.budgets (the rate-limit store of app.ts), shared with the socket events.
      memberBudget: true,
      keyGenerator: (req: FastifyRequest) => budgetKey(bucket, req.tenant?.id ?? '-', req.user?.id ?? req.ip),
    },
  };
}

/**
 * One use of a member's allowance of `bucket` over `windowMs` (the shared budget counter): whether
 * it still fits `max`. For budgets that pass over quietly instead of refusing (notices of a post).
 */
export function drawBudget(
  ctx: Pick<Ctx, 'budgets'>,
  scope: { tenant: { id: number }; user: { id: number } },
  bucket: string,
  max: number,
  windowMs: number,
): boolean {
  return ctx.budgets.incr(budgetKey(bucket, scope.tenant.id, scope.user.id), windowMs).current <= max;
}

/**
 * A socket write's draw on the member's allowance of `bucket`, the one its HTTP twin's
 * perMemberLimit uses: over it, a RetryLater (429) the event's acknowledgement answers.
 */
export function takeBudget(
  ctx: Pick<Ctx, 'config' | 'budgets'>,
  member: { appId: number; userId: number },
  bucket: string,
  max = ctx.config.rateLimit.writes,
): void {
  const { current, ttl } = ctx.budgets.incr(budgetKey(bucket, member.appId, member.userId), ctx.config.rateLimit.windowMs);
  if (current > max) throw new RetryLater(ttl);
}
