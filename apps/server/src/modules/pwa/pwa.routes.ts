import { pwaEndpoints } from '@app/contract/schemas/pwa';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../lib/errors.ts';
import { route } from '../../platform/route.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { recordAudit, urlPreview } from './pwa.service.ts';

/** Limited per address and app like the sign-in calls (the audit is public). */
const limit = { rateLimit: { max: 30, timeWindow: 60_000 } };

export async function pwaRoutes(app: FastifyInstance) {
  // Public when logged out; with an access token it is recorded for that user and app.
  route(
    app,
    pwaEndpoints.audit,
    async ({ body }, req) => {
      const raw = req.headers['access-token'];
      if (typeof raw === 'string' && raw) {
        const found = raw.length <= 200 ? await app.ctx.tokens.resolve(raw) : undefined;
        if (!found) throw unauthorized();
        return recordAudit(app.ctx, found.appId, found.userId, body);
      }
      return recordAudit(app.ctx, tenantOf(req).id, undefined, body);
    },
    limit,
  );
  route(app, pwaEndpoints.urlPreview, ({ body }) => urlPreview(app.ctx, body.url), limit);
}
