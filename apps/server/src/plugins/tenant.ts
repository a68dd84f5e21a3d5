import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, notFound, unauthorized } from '../lib/errors.ts';
import { readCookie, requestLocale } from '../lib/i18n.ts';
import type { AppRow } from '../modules/apps/apps.queries.ts';
import type { TokenUser } from '../modules/auth/auth.service.ts';
import { markSeen } from '../modules/console/dashboard/dashboard.last-seen.ts';

const APP_COOKIE = 'app_key';

/** The app key a public call names: the `app-key` header, `?app=`, or the app cookie. */
function publicAppKey(req: FastifyRequest): string | undefined {
  const header = req.headers['app-key'];
  if (typeof header === 'string' && header) return header;
  const query = (req.query as Record<string, unknown> | undefined)?.app;
  if (typeof query === 'string' && query) return query;
  return readCookie(req.headers.cookie, APP_COOKIE) || undefined;
}

/** The app named by the `app-key` header, `?app=`, the app cookie, or the host; else the default app. */
export async function resolvePublicApp(app: FastifyInstance, req: FastifyRequest): Promise<AppRow | undefined> {
  const key = publicAppKey(req);
  if (key) return app.ctx.apps.byKeyOrDomain(key, undefined);
  return (await app.ctx.apps.byKeyOrDomain(undefined, req.headers.host)) ?? app.ctx.apps.fallback();
}

/** resolvePublicApp without waiting, valid only while the app cache is fresh. */
function resolvePublicAppNow(app: FastifyInstance, req: FastifyRequest): AppRow | undefined {
  const key = publicAppKey(req);
  if (key) return app.ctx.apps.lookupNow(key, undefined);
  return app.ctx.apps.lookupNow(undefined, req.headers.host) ?? app.ctx.apps.fallbackNow();
}

const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

/**
 * The origin links (mail, page metadata) point to. The Host header is the
 * client's to choose, so it is used only when it is one of the app's own
 * domains or a loopback name; otherwise PUBLIC_URL, the app's first domain,
 * or this server on localhost.
 */
export async function appBaseUrl(app: FastifyInstance, req: FastifyRequest, tenant: AppRow): Promise<string> {
  const { publicUrl, port } = app.ctx.config;
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const host = req.host.toLowerCase();
  const domains = await app.ctx.apps.domainsOf(tenant.id);
  if (LOOPBACK_HOST.test(host) || domains.includes(host.replace(/:\d+$/, ''))) return `${req.protocol}://${host}`;
  const first = domains.find((d) => !LOOPBACK_HOST.test(d));
  return first ? `https://${first}` : `http://localhost:${port}`;
}

/** Throws 451/423 for an unpublished or locked app. */
export function assertOpen(tenant: AppRow): void {
  if (tenant.isLocked) throw new HttpError(423, 'common.errors.locked');
  if (!tenant.isPublished) throw new HttpError(451, 'common.errors.unpublished');
}

/** The request's app; routes behind this plugin always have one. */
export function tenantOf(req: FastifyRequest): AppRow {
  if (!req.tenant) throw notFound();
  return req.tenant;
}

export function userOf(req: FastifyRequest) {
  if (!req.user) throw unauthorized();
  return req.user;
}

/**
 * Sets the signed-in user and their app on the request; throws 401 or 451/423. A language the
 * client chose (the locale cookie) that is not the member's stored one is stored (pushes use it).
 */
function signIn(req: FastifyRequest, found: TokenUser | undefined, tenant: AppRow | undefined) {
  req.tenant = found ? tenant : undefined;
  req.locale = requestLocale(req.headers.cookie, req.tenant?.locale);
  if (!found || !req.tenant) throw unauthorized();
  req.user = { id: found.userId, appId: found.appId, tokenHash: found.tokenHash };
  assertOpen(req.tenant);
  markSeen(req.server.ctx.db, found.userId, (err) => req.log.warn({ err }, 'console: last seen not stored'));
  if (found.locale !== req.locale && readCookie(req.headers.cookie, 'locale')) {
    req.server.ctx.tokens.rememberLocale(found, req.locale, (err) => req.log.warn({ err }, 'auth: the member language was not stored'));
  }
}

function accessToken(req: FastifyRequest): string | undefined {
  const raw = req.headers['access-token'];
  return typeof raw === 'string' && raw.length <= 200 ? raw : undefined;
}

/**
 * Resolves tenant, user and locale for every API call. Authenticated routes
 * (config.auth) take their app from the token, never from ids the client sends.
 * A callback hook: with the token and the app in memory (nearly every call) it answers
 * without waiting; otherwise it looks them up.
 */
export const tenantPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('tenant', undefined);
  app.decorateRequest('user', undefined);
  app.decorateRequest('locale', 'en_US');

  const slow = async (req: FastifyRequest) => {
    if (req.routeOptions.config.auth) {
      const token = accessToken(req);
      const found = token ? await app.ctx.tokens.resolve(token) : undefined;
      signIn(req, found, found ? await app.ctx.apps.get(found.appId) : undefined);
      return;
    }
    req.tenant = await resolvePublicApp(app, req);
    req.locale = requestLocale(req.headers.cookie, req.tenant?.locale);
  };

  app.addHook('onRequest', (req, _reply, done) => {
    try {
      if (app.ctx.apps.fresh) {
        if (!req.routeOptions.config.auth) {
          req.tenant = resolvePublicAppNow(app, req);
          req.locale = requestLocale(req.headers.cookie, req.tenant?.locale);
          done();
          return;
        }
        const token = accessToken(req);
        const hit = token ? app.ctx.tokens.peek(token) : undefined;
        if (hit || !token) {
          signIn(req, hit, hit ? app.ctx.apps.getNow(hit.appId) : undefined);
          done();
          return;
        }
      }
    } catch (err) {
      done(err as Error);
      return;
    }
    slow(req).then(
      () => done(),
      (err: unknown) => done(err as Error),
    );
  });
});
