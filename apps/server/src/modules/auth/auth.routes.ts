import {
  checkEmailAnswer,
  checkEmailBody,
  checkTokenAnswer,
  checkTokenBody,
  confirmEmailBody,
  confirmInviteBody,
  forgotPasswordBody,
  loginBody,
  registerAnswer,
  registerBody,
  resetPasswordBody,
  sessionAnswer,
} from '@app/contract/schemas/auth';
import { okBody } from '@app/contract/schemas/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appBaseUrl, assertOpen, tenantOf, userOf } from '../../plugins/tenant.ts';
import * as auth from './auth.service.ts';
import { finishOAuth, OAUTH_PROVIDERS, OAuthFailed, type OAuthProvider, startOAuth } from './oauth.service.ts';

/** Public auth calls of ARCHITECTURE.md, rate-limited per address. */
export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // One bucket for every auth call, per address and app (the key generator in app.ts): a caller at
  // its limit on one call is at it on all of them.
  const limited = {
    rateLimit: { max: app.ctx.config.rateLimit.auth, timeWindow: app.ctx.config.rateLimit.windowMs, groupId: 'auth' },
  };
  const mailCtx = async (req: FastifyRequest): Promise<auth.MailContext> => ({
    locale: req.locale,
    baseUrl: await appBaseUrl(app, req, tenantOf(req)),
  });
  const openTenant = (req: FastifyRequest) => {
    const t = tenantOf(req);
    assertOpen(t);
    return t;
  };
  const tags = ['auth'];

  r.post('/auth/check-email', { config: limited, schema: { tags, body: checkEmailBody, response: { 200: checkEmailAnswer } } }, (req) =>
    auth.checkEmail(app.ctx, openTenant(req), req.body.email),
  );
  r.post('/auth/login', { config: limited, schema: { tags, body: loginBody, response: { 200: sessionAnswer } } }, (req) =>
    auth.login(app.ctx, openTenant(req), req.body.email, req.body.password, req.ip),
  );
  r.post(
    '/auth/register',
    { config: limited, schema: { tags, body: registerBody, response: { 201: registerAnswer } } },
    async (req, reply) => reply.status(201).send(await auth.register(app.ctx, openTenant(req), req.body, await mailCtx(req))),
  );
  r.post('/auth/confirm-email', { config: limited, schema: { tags, body: confirmEmailBody, response: { 200: sessionAnswer } } }, (req) =>
    auth.confirmEmail(app.ctx, openTenant(req), req.body.token),
  );
  r.post('/auth/forgot-password', { config: limited, schema: { tags, body: forgotPasswordBody, response: { 200: okBody } } }, async (req) =>
    auth.forgotPassword(app.ctx, openTenant(req), req.body.email, await mailCtx(req)),
  );
  r.post('/auth/reset-password', { config: limited, schema: { tags, body: resetPasswordBody, response: { 200: okBody } } }, (req) =>
    auth.resetPassword(app.ctx, openTenant(req), req.body.token, req.body.password),
  );
  r.post('/auth/confirm-invite', { config: limited, schema: { tags, body: confirmInviteBody, response: { 200: sessionAnswer } } }, (req) =>
    auth.confirmInvite(app.ctx, openTenant(req), req.body.token, req.body.password),
  );
  r.post('/auth/check-token', { config: limited, schema: { tags, body: checkTokenBody, response: { 200: checkTokenAnswer } } }, (req) =>
    auth.checkMailToken(app.ctx, openTenant(req), req.body.kind, req.body.token),
  );
  r.post('/auth/logout', { config: { auth: true }, schema: { tags, response: { 200: okBody } } }, (req) =>
    auth.logout(app.ctx, userOf(req).tokenHash),
  );

  // OAuth code flow: browser navigations, answered with redirects (never JSON).
  const providerParam = z.object({ provider: z.enum(OAUTH_PROVIDERS) }).strict();
  const loginUrl = (key: string, hash: string) => `/login?app=${encodeURIComponent(key)}#${hash}`;
  r.get(
    '/auth/oauth/:provider',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Starts signing in with a provider (redirect)',
        params: providerParam,
        querystring: z.object({ app: z.string().max(100).optional() }).strict(),
      },
    },
    async (req, reply) => {
      const tenant = openTenant(req);
      const { provider } = req.params;
      try {
        const base = await appBaseUrl(app, req, tenant);
        return reply.redirect(await startOAuth(app.ctx, tenant, provider, `${base}/auth/oauth/${provider}/callback`), 302);
      } catch (err) {
        if (!(err instanceof OAuthFailed)) throw err;
        return reply.redirect(loginUrl(tenant.key, `oauth_error=${provider}`), 302);
      }
    },
  );
  const callbackFields = z.object({ code: z.string().max(4000).optional(), state: z.string().max(200).optional() });
  const finish = async (req: FastifyRequest, reply: FastifyReply, provider: OAuthProvider, fields: z.infer<typeof callbackFields>) => {
    const fallbackKey = req.tenant?.key ?? '';
    const { code, state } = fields;
    if (!code || !state) return reply.redirect(loginUrl(fallbackKey, `oauth_error=${provider}`), 302);
    try {
      const { app: tenant, session } = await finishOAuth(app.ctx, provider, state, code, async (a) => {
        return `${await appBaseUrl(app, req, a)}/auth/oauth/${provider}/callback`;
      });
      // The token travels in the fragment: it never reaches a server log or a Referer header.
      return reply.redirect(
        loginUrl(tenant.key, `oauth_token=${encodeURIComponent(session.access_token)}&user_id=${session.user_id}`),
        302,
      );
    } catch (err) {
      req.log.warn({ err, provider }, 'oauth sign-in failed');
      return reply.redirect(loginUrl(fallbackKey, `oauth_error=${provider}`), 302);
    }
  };
  const callbackSchema = { tags, summary: 'Where the provider sends the user back (redirect to the app)', params: providerParam };
  // Providers add parameters of their own (scope, iss…): unknown ones are dropped, not refused.
  r.get('/auth/oauth/:provider/callback', { config: limited, schema: { ...callbackSchema, querystring: callbackFields } }, (req, reply) =>
    finish(req, reply, req.params.provider, req.query),
  );
  // Apple answers with a form post (response_mode=form_post): form bodies are parsed for this route only.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post('/auth/oauth/:provider/callback', { config: limited, schema: { ...callbackSchema, body: callbackFields } }, (req, reply) =>
        finish(req, reply, req.params.provider, req.body),
      );
  });
}
