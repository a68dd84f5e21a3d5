import { okBody } from '@app/contract/schemas/common';
import { auditBody, urlPreviewAnswer, urlPreviewBody } from '@app/contract/schemas/pwa';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { recordAudit, urlPreview } from './pwa.service.ts';

export async function pwaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['pwa'];

  // Public when logged out; with an access token it is recorded for that user and app.
  // Public and unauthenticated: limited per address and app like the sign-in calls.
  const auditLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };
  r.post('/pwa/audit', { config: auditLimit, schema: { tags, body: auditBody, response: { 200: okBody } } }, async (req) => {
    const raw = req.headers['access-token'];
    if (typeof raw === 'string' && raw) {
      const found = raw.length <= 200 ? await app.ctx.tokens.resolve(raw) : undefined;
      if (!found) throw unauthorized();
      return recordAudit(app.ctx, found.appId, found.userId, req.body);
    }
    return recordAudit(app.ctx, tenantOf(req).id, undefined, req.body);
  });

  r.post(
    '/pwa/get-url-preview',
    {
      config: { auth: true, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { tags, body: urlPreviewBody, response: { 200: urlPreviewAnswer } },
    },
    (req) => urlPreview(app.ctx, req.body.url),
  );
}
