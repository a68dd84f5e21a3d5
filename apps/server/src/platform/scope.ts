import { type Locale, toLocale } from '@app/contract/constants';
import type { FastifyRequest } from 'fastify';
import type { AuthUser, Ctx } from '../context.ts';
import { notFound, unauthorized } from '../lib/errors.ts';
import type { AppRow } from '../modules/apps/apps.queries.ts';

/**
 * Who is asking, and in which app: what a route passes to its service. `tenant` is the app
 * (from the token when signed in, never from an id the client sent); every query a service
 * runs takes `scope.tenant.id`.
 */
export interface Scope {
  tenant: AppRow;
  user: AuthUser;
  locale: Locale;
}

/** A public call's scope: the app, and the user when an access token came along. */
export interface PublicScope {
  tenant: AppRow;
  user: AuthUser | undefined;
  locale: Locale;
}

/** The scope of a signed-in call (`config: { auth: true }` routes). */
export function scopeOf(req: FastifyRequest): Scope {
  if (!req.tenant) throw notFound();
  if (!req.user) throw unauthorized();
  return { tenant: req.tenant, user: req.user, locale: req.locale };
}

export function publicScopeOf(req: FastifyRequest): PublicScope {
  if (!req.tenant) throw notFound();
  return { tenant: req.tenant, user: req.user, locale: req.locale };
}

/** The scope of a socket's calls: its app (still available) and user, as an HTTP call has them. */
export async function scopeOfSocket(ctx: Pick<Ctx, 'apps'>, s: { appId: number; userId: number; locale: string }): Promise<Scope> {
  const tenant = await ctx.apps.get(s.appId);
  if (!tenant || tenant.isLocked || !tenant.isPublished) throw notFound();
  return { tenant, user: { id: s.userId, appId: s.appId, tokenHash: '' }, locale: toLocale(s.locale) };
}
