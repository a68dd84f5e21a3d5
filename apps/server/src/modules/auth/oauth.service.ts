import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { recordJoinedOnce } from '../activity/activity.service.ts';
import type { AppRow } from '../apps/apps.queries.ts';
import type { OAuthProviderConfig } from '../apps/apps.table.ts';
import { findUserByEmail, insertUser, updateUser } from '../users/users.queries.ts';
import { insertAccessToken, revokeUserTokens, voidMailTokens } from './auth.queries.ts';
import { oauthStates } from './auth.table.ts';

export const OAUTH_PROVIDERS = ['apple', 'google', 'facebook', 'linkedin'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** Public endpoints of each provider; an app's config may override them. */
const DEFAULTS: Record<OAuthProvider, { authorizeUrl: string; tokenUrl: string; userInfoUrl?: string; scope: string }> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scope: 'openid email profile',
  },
  facebook: {
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userInfoUrl: 'https://graph.facebook.com/me?fields=email,first_name,last_name',
    scope: 'email public_profile',
  },
  linkedin: {
    authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
    userInfoUrl: 'https://api.linkedin.com/v2/userinfo',
    scope: 'openid profile email',
  },
  // Apple answers with an id_token only (no userinfo endpoint).
  apple: {
    authorizeUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    scope: 'name email',
  },
};

export class OAuthFailed extends Error {}

const STATE_MINUTES = 10;
const base64url = (b: Buffer) => b.toString('base64url');

/** A provider the app has configured and not switched off in the console. */
const offered = (cfg: OAuthProviderConfig | undefined): cfg is OAuthProviderConfig => Boolean(cfg?.clientId) && cfg?.enabled !== false;

/** The providers an app offers at sign-in: configured and not switched off. */
export const configuredProviders = (tenant: AppRow): string[] => OAUTH_PROVIDERS.filter((p) => offered(tenant.oauth[p]));

function endpoints(provider: OAuthProvider, cfg: OAuthProviderConfig) {
  const d = DEFAULTS[provider];
  return {
    authorizeUrl: cfg.authorizeUrl ?? d.authorizeUrl,
    tokenUrl: cfg.tokenUrl ?? d.tokenUrl,
    userInfoUrl: cfg.userInfoUrl ?? d.userInfoUrl,
    scope: cfg.scope ?? d.scope,
  };
}

/** Starts a code flow with state and PKCE (S256); returns the provider's authorisation URL. */
export async function startOAuth(ctx: Ctx, tenant: AppRow, provider: OAuthProvider, redirectUri: string): Promise<string> {
  const cfg = tenant.oauth[provider];
  if (!offered(cfg)) throw new OAuthFailed('not configured');
  const state = newToken();
  const verifier = base64url(randomBytes(32));
  await ctx.db.insert(oauthStates).values({
    stateHash: hashToken(state),
    appId: tenant.id,
    provider,
    codeVerifier: verifier,
    expiresAt: new Date(Date.now() + STATE_MINUTES * 60_000),
  });
  const e = endpoints(provider, cfg);
  const url = new URL(e.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', cfg.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', e.scope);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', base64url(createHash('sha256').update(verifier).digest()));
  url.searchParams.set('code_challenge_method', 'S256');
  // Apple sends name and e-mail scopes only with a form post back.
  if (provider === 'apple') url.searchParams.set('response_mode', 'form_post');
  return url.toString();
}

interface Identity {
  email: string;
  firstName: string;
  lastName: string;
}

function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) throw new OAuthFailed('bad id_token');
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The id_token comes straight from the token endpoint over TLS in exchange for our
 * code, so its claims are taken without a signature check (OIDC Core 3.1.3.7).
 */
async function identity(e: ReturnType<typeof endpoints>, tokens: Record<string, unknown>): Promise<Identity> {
  let claims: Record<string, unknown> = {};
  if (typeof tokens.id_token === 'string') claims = jwtPayload(tokens.id_token);
  if (e.userInfoUrl && typeof tokens.access_token === 'string') {
    const res = await fetch(e.userInfoUrl, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new OAuthFailed(`userinfo ${res.status}`);
    claims = { ...claims, ...((await res.json()) as Record<string, unknown>) };
  }
  const email = str(claims.email).trim().toLowerCase();
  if (!email || claims.email_verified === false || claims.email_verified === 'false') throw new OAuthFailed('no verified e-mail');
  return {
    email,
    firstName: str(claims.given_name) || str(claims.first_name),
    lastName: str(claims.family_name) || str(claims.last_name),
  };
}

/**
 * Finishes a code flow: the state must be live and of this provider (single use),
 * the code is exchanged with the PKCE verifier, and the verified e-mail signs in
 * (or creates) the account of the app the flow started in.
 */
export async function finishOAuth(
  ctx: Ctx,
  provider: OAuthProvider,
  state: string,
  code: string,
  redirectUri: (tenant: AppRow) => Promise<string>,
) {
  const [row] = await ctx.db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, hashToken(state)), eq(oauthStates.provider, provider), gt(oauthStates.expiresAt, sql`now()`)))
    .returning();
  if (!row) throw new OAuthFailed('unknown state');
  const app = await ctx.apps.get(row.appId);
  const cfg = app?.oauth[provider];
  if (!app || !offered(cfg)) throw new OAuthFailed('app gone');
  const e = endpoints(provider, cfg);
  const res = await fetch(e.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: await redirectUri(app),
      client_id: cfg.clientId,
      client_secret: cfg.clientSecret,
      code_verifier: row.codeVerifier,
    }),
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new OAuthFailed(`token ${res.status}`);
  const who = await identity(e, (await res.json()) as Record<string, unknown>);
  const { session, revoked } = await ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, app.id, who.email);
    // A blocked account signs in no way at all, a provider's word included.
    if (existing?.blockedAt) throw new OAuthFailed('blocked');
    let revoked: string[] = [];
    if (existing && !existing.emailConfirmedAt) {
      // The provider vouches for the address, so the unconfirmed account becomes the owner's. Whatever
      // was set on it before (a password, sessions, pending links) came from someone who never proved
      // the address: it all goes.
      revoked = await revokeUserTokens(tx, existing.id);
      await voidMailTokens(tx, existing.id, ['confirm', 'reset', 'invite']);
    }
    const user = existing
      ? existing.emailConfirmedAt
        ? existing
        : await updateUser(tx, app.id, existing.id, {
            emailConfirmedAt: new Date(),
            passwordHash: null,
            firstName: who.firstName || existing.firstName,
            lastName: who.lastName || existing.lastName,
          })
      : await insertUser(tx, {
          appId: app.id,
          email: who.email,
          firstName: who.firstName,
          lastName: who.lastName,
          emailConfirmedAt: new Date(),
        });
    if (!user) throw new OAuthFailed('user');
    const token = newToken();
    await insertAccessToken(tx, user.id, hashToken(token), new Date(Date.now() + 365 * 86_400_000));
    return { session: { access_token: token, user_id: user.id }, revoked };
  });
  for (const h of revoked) ctx.tokens.drop(h);
  const user = await findUserByEmail(ctx.db, app.id, who.email);
  if (user) await recordJoinedOnce(ctx, user);
  return { app, session };
}
