import { okBody } from '@app/contract/schemas/common';
import { pushOpenParam, pushSubscriptionBody, pushSubscriptionUpdateBody } from '@app/contract/schemas/pwa';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/tenant.ts';
import { opened, subscribe, unsubscribe } from './push.service.ts';

export async function pushRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: true };
  const tags = ['push'];
  const zero = z.object({ id: z.literal('0') }).strict();

  r.post('/push-subscription', { config, schema: { tags, body: pushSubscriptionBody, response: { 200: okBody } } }, (req) =>
    subscribe(app.ctx, userOf(req).id, req.body),
  );
  r.put(
    '/push-subscription/:id',
    { config, schema: { tags, params: zero, body: pushSubscriptionUpdateBody, response: { 200: okBody } } },
    (req) => subscribe(app.ctx, userOf(req).id, req.body),
  );
  r.delete(
    '/push-subscription/:id',
    { config, schema: { tags, params: zero, body: pushSubscriptionBody, response: { 200: okBody } } },
    (req) => unsubscribe(app.ctx, userOf(req).id, req.body.endpoint),
  );
  r.put('/push-open/:id', { config, schema: { tags, params: pushOpenParam, response: { 200: okBody } } }, (req) =>
    opened(app.ctx, userOf(req).id, req.params.id),
  );
}
