import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, notFound, unauthorized } from '../lib/errors.ts';
import { readCookie, requestLocale } from '../lib/i18n.ts';
import type { AppRow } from '../modules/apps/apps.queries.ts';

const APP_COOKIE = 'app_key';

/** The app named by the `app-key` header, `?app=`, the app cookie, or the host; else the default app. */
export async function resolvePublicApp(app: FastifyInstance, req: FastifyRequest): Promise<AppRow | undefined> {
  const header = req.headers['app-key'];
  const query = (req.query as Record<string, unknown> | undefined)?.app;
  const key =
    (typeof header === 'string' && header) ||
    (typeof query === 'string' && query) ||
    readCookie(req.headers.cookie, APP_COOKIE) ||
    undefined;
  if (key) return app.ctx.apps.byKeyOrDomain(key, undefined);
  return (await app.ctx.apps.byKeyOrDomain(undefined, req.headers.host)) ?? app.ctx.apps.fallback();
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
 * Resolves tenant, user and locale for every API call. Authenticated routes
 * (config.auth) take their app from the token, never from ids the client sends.
 */
export const tenantPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('tenant', undefined);
  app.decorateRequest('user', undefined);
  app.decorateRequest('locale', 'en_US');
  app.addHook('onRequest', async (req) => {
    const cfg = req.routeOptions.config;
    if (cfg.auth) {
      const raw = req.headers['access-token'];
      const token = typeof raw === 'string' ? raw : undefined;
      const found = token && token.length <= 200 ? await app.ctx.tokens.resolve(token) : undefined;
      req.tenant = found ? await app.ctx.apps.get(found.appId) : undefined;
      req.locale = requestLocale(req.headers.cookie, req.tenant?.locale);
      if (!found || !req.tenant) throw unauthorized();
      req.user = { id: found.userId, appId: found.appId, tokenHash: found.tokenHash };
      assertOpen(req.tenant);
      return;
    }
    req.tenant = await resolvePublicApp(app, req);
    req.locale = requestLocale(req.headers.cookie, req.tenant?.locale);
  });
});
