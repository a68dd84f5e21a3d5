import {
  checkEmailAnswer,
  checkEmailBody,
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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appBaseUrl, assertOpen, tenantOf, userOf } from '../../plugins/tenant.ts';
import * as auth from './auth.service.ts';

/** Public auth calls of ARCHITECTURE.md, rate-limited per address. */
export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: { max: app.ctx.config.rateLimit.auth, timeWindow: app.ctx.config.rateLimit.windowMs } };
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
    auth.login(app.ctx, openTenant(req), req.body.email, req.body.password),
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
  r.post('/auth/logout', { config: { auth: true }, schema: { tags, response: { 200: okBody } } }, (req) =>
    auth.logout(app.ctx, userOf(req).tokenHash),
  );
}
