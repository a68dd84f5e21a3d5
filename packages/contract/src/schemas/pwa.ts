import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { okBody } from './common.ts';

export const auditBody = z
  .object({
    pwaAppMode: z.enum(['browser', 'standalone', 'fullscreen', 'minimal-ui', 'twa']),
    isPreviewFrame: z.boolean(),
    deviceType: z.enum(['desktop', 'mobile', 'tablet']),
  })
  .strict();

export const urlPreviewBody = z
  .object({
    url: z
      .string()
      .trim()
      .max(LIMITS.urlMax)
      .pipe(z.url({ protocol: /^https?$/, error: 'common.errors.url' }))
      // An address with a user name or password in it is refused as it is typed, not fetched.
      .refine((u) => !/^[a-z]+:\/\/[^/?#]*@/i.test(u), { error: 'common.errors.url' }),
  })
  .strict();

/**
 * The link-tool answer of the rich-text editor (spec 1: "success plus preview data"): a page that
 * could not be read is `success: 0` with no data, an answer like any other (no error in the console).
 */
export const urlPreviewAnswer = z.object({
  success: z.union([z.literal(1), z.literal(0)]),
  link: z.string(),
  meta: z
    .object({
      title: z.string(),
      description: z.string(),
      site_name: z.string(),
      image: z.object({ url: z.string() }).nullable(),
    })
    .nullable(),
});
export type UrlPreview = z.infer<typeof urlPreviewAnswer>;

export const pushSubscriptionBody = z
  .object({
    endpoint: z
      .string()
      .max(LIMITS.urlMax)
      .pipe(z.url({ protocol: /^https$/ })),
    public_key: z.string().min(1).max(200),
    auth_token: z.string().min(1).max(200),
    encoding: z.enum(['aes128gcm', 'aesgcm']).default('aes128gcm'),
  })
  .strict();
export const pushSubscriptionUpdateBody = pushSubscriptionBody.extend({ user_id: z.number().int().optional() }).strict();

export const pushOpenParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();

/** A filter definition of spec 1 §3 (GET /{type}?module=N&filters-list). */
export const filterDef = z.object({
  filter: z.string().nullable(),
  title: z.string(),
  type: z.enum(['switch', 'radio', 'select', 'multiselect', 'slider']),
  values: z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string() })),
});
export const filterList = z.array(filterDef);
export type FilterDef = z.infer<typeof filterDef>;

export const moduleListQuery = z
  .object({
    module: z.coerce.number().int().positive().max(2_147_483_647),
    'filters-list': z.string().max(0).optional(),
    page: z.coerce.number().int().min(1).max(LIMITS.pageMax).default(1),
    'per-page': z.coerce.number().int().min(1).max(LIMITS.perPageMax).default(LIMITS.perPageDefault),
    search: z.string().max(200).optional(),
    filters: z.string().max(1000).optional(),
  })
  .strict();

/** The only subscription id the client sends (spec 1 §7: PUT/DELETE /push-subscription/0). */
const zeroParam = z.object({ id: z.literal('0') }).strict();

export const pushEndpoints = {
  subscribe: defineEndpoint({
    method: 'POST',
    path: '/push-subscription',
    body: pushSubscriptionBody,
    response: okBody,
    tag: 'push',
    summary: 'Store the browser push subscription',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/push-subscription/:id',
    params: zeroParam,
    body: pushSubscriptionUpdateBody,
    response: okBody,
    tag: 'push',
    summary: 'Store it again (permission granted, subscription exists)',
  }),
  unsubscribe: defineEndpoint({
    method: 'DELETE',
    path: '/push-subscription/:id',
    params: zeroParam,
    body: pushSubscriptionBody,
    response: okBody,
    tag: 'push',
    summary: 'Remove the subscription (logout)',
  }),
  opened: defineEndpoint({
    method: 'PUT',
    path: '/push-open/:id',
    params: pushOpenParam,
    response: okBody,
    tag: 'push',
    summary: 'A notification was opened',
  }),
};

export const pwaEndpoints = {
  /** Public when signed out; with an access token recorded for that user. */
  audit: defineEndpoint({
    method: 'POST',
    path: '/pwa/audit',
    body: auditBody,
    response: okBody,
    auth: false,
    tag: 'pwa',
    summary: 'How the app is used (installed, preview frame, device)',
  }),
  urlPreview: defineEndpoint({
    method: 'POST',
    path: '/pwa/get-url-preview',
    body: urlPreviewBody,
    response: urlPreviewAnswer,
    tag: 'pwa',
    summary: 'Title, description and image of a link (rich-text link tool)',
  }),
};
