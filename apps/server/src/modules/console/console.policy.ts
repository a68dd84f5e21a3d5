import type { Endpoint, EndpointParsed, EndpointResult } from '@app/contract/endpoint';
import type { ConsoleRole } from '@app/contract/schemas/console';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Ctx } from '../../context.ts';
import { forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { defineCache } from '../../platform/caches.ts';
import { route } from '../../platform/route.ts';
import type { AppRow } from '../apps/apps.queries.ts';
import { users } from '../users/users.table.ts';

/** Who is calling the console: the account behind the access token, with its roles. */
export interface ConsoleActor {
  userId: number;
  /** The app the account belongs to. */
  appId: number;
  tokenHash: string;
  email: string;
  name: string;
  isOperator: boolean;
  isOwner: boolean;
  isModerator: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    consoleActor: ConsoleActor | undefined;
  }
  interface FastifyContextConfig {
    /** A console call: the access token's account must hold a console role (checked in preHandler). */
    console?: boolean;
  }
}

/** The account's strongest console role in its own app, or undefined when it has none. */
export function roleOf(a: Pick<ConsoleActor, 'isOperator' | 'isOwner' | 'isModerator'>): ConsoleRole | undefined {
  if (a.isOperator) return 'operator';
  if (a.isOwner) return 'owner';
  if (a.isModerator) return 'moderator';
  return undefined;
}

/** What `loadActor` reads of an account: its name and roles (null: none may use the console). */
type ActorRow = Pick<ConsoleActor, 'email' | 'name' | 'isOperator' | 'isOwner' | 'isModerator'> | null;

/**
 * The accounts behind console tokens, by user id (`<id>:`): every console call reads one, so they
 * stay in memory. A change of a role, a block, a deletion or a name drops the entry on every node at
 * once (the `users` trigger of migration 0026 announces it on the cache bus, also for SQL typed by
 * an operator); the time to live is a safety net.
 */
const actorRows = defineCache('console-actors', () => new TtlCache<ActorRow>(60_000, 5_000));

/** Drops the cached account of a member on this node now (the trigger tells the others). */
export function forgetActor(ctx: Pick<Ctx, 'caches'>, userId: number): void {
  ctx.caches.get(actorRows).deletePrefix(`${userId}:`);
}

async function actorRow(ctx: Ctx, userId: number): Promise<ActorRow> {
  const cache = ctx.caches.get(actorRows);
  const key = `${userId}:`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const epoch = cache.epoch;
  const [u] = await ctx.db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isOperator: users.isOperator,
      isAdmin: users.isAdmin,
      isModerator: users.isModerator,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt), isNull(users.blockedAt)));
  const row: ActorRow = u
    ? {
        email: u.email,
        name: `${u.firstName} ${u.lastName}`.trim() || u.email,
        isOperator: u.isOperator,
        isOwner: u.isAdmin,
        isModerator: u.isModerator,
      }
    : null;
  cache.setIfUnchanged(key, row, epoch);
  return row;
}

/**
 * The console's account for a token: a live session of a non-deleted, non-blocked account holding a
 * console role. Unlike the attendee API, the token's app may be unpublished or locked: its owner
 * still runs it from here. Both look-ups are cached (tokens by the token cache, accounts here).
 */
export async function loadActor(ctx: Ctx, token: string | undefined): Promise<ConsoleActor | undefined> {
  if (!token || token.length > 200) return undefined;
  const found = await ctx.tokens.resolve(token);
  if (!found) return undefined;
  const row = await actorRow(ctx, found.userId);
  if (!row) return undefined;
  return { userId: found.userId, appId: found.appId, tokenHash: found.tokenHash, ...row };
}

/** The console actor of a request behind `consoleRoute` (always set there). */
export function actorOf(req: FastifyRequest): ConsoleActor {
  if (!req.consoleActor) throw unauthorized();
  return req.consoleActor;
}

/**
 * What the caller's role allows in an app:
 * - `owner`: everything of the app (operators anywhere, owners in their own app);
 * - `moderator`: the moderation queue (owners and moderators of the app, operators).
 * An app the caller may not see at all is a 404, exactly as one that does not exist, so ids of
 * other apps tell nothing; their own app beyond their role is a 403.
 */
export async function requireConsoleApp(ctx: Ctx, actor: ConsoleActor, appId: number, need: 'owner' | 'moderator'): Promise<AppRow> {
  const app = await ctx.apps.get(appId);
  if (!app) throw notFound();
  if (actor.isOperator) return app;
  if (actor.appId !== appId) throw notFound();
  if (actor.isOwner) return app;
  if (need === 'moderator' && actor.isModerator) return app;
  throw forbidden();
}

/** Operators only (creating apps, platform-wide lists): anyone else with a console role gets 403. */
export function requireOperator(actor: ConsoleActor): void {
  if (!actor.isOperator) throw forbidden();
}

type Handler<E extends Endpoint> = (
  input: EndpointParsed<E>,
  actor: ConsoleActor,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<EndpointResult<E> | FastifyReply> | EndpointResult<E> | FastifyReply;

/**
 * Registers a console call of the contract. Its account is checked before the handler (401 without
 * a live token, 403 for an account with no console role); the handler then checks the app and the
 * role the call needs (`requireConsoleApp`). `config` adds route options such as a rate limit.
 */
export function consoleRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  config: NonNullable<RouteShorthandOptions['config']> = {},
): void {
  route(app, endpoint, (input, req, reply) => handler(input, actorOf(req), req, reply), { ...config, auth: false, console: true });
}

/**
 * Checks the account of every console call before anything else of the route runs (its rate limit
 * included, so writes count per member): sets `req.consoleActor` and `req.user`, or refuses with 401
 * (no live token) or 403 (an account with no console role). A callback hook: every other request
 * passes with one property read.
 */
export const consoleGuard = fp(async (app: FastifyInstance) => {
  app.decorateRequest('consoleActor', undefined);
  app.addHook('onRequest', (req, _reply, done) => {
    if (!req.routeOptions.config.console) {
      done();
      return;
    }
    const raw = req.headers['access-token'];
    loadActor(app.ctx, typeof raw === 'string' ? raw : undefined).then(
      (actor) => {
        if (!actor) return done(unauthorized());
        if (!roleOf(actor)) return done(forbidden());
        req.consoleActor = actor;
        req.user = { id: actor.userId, appId: actor.appId, tokenHash: actor.tokenHash };
        // The app a console call acts on is in its path, never the one a header or host names: the
        // rate limits then count per account, not per account and whichever app-key came along.
        req.tenant = undefined;
        done();
      },
      (err: unknown) => done(err as Error),
    );
  });
});
