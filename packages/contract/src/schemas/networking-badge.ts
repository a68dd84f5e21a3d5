import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { networker } from './networking-hub.ts';

/**
 * The QR badge of the networking hub (spec 3 §2 "QR badge: my badge, scan a QR code, scanned
 * badge"): my badge is a QR code of a signed, revocable link to me in this app
 * (`/networking/<module>/badge/<token>`); scanning it resolves the token on the server, opens my
 * card with the hub actions and records the contact for both of us ("People I met by badge").
 */

export const BADGE = {
  /** A token is `<user id, base 36>-<version, base 36>-<22 characters of HMAC>`: far below this. */
  tokenMax: 64,
  /** The people a "People I met" list answers (newest first). */
  metMax: 200,
} as const;

export { BADGE_TOKEN, badgeOfLink, badgePath } from './networking-badge-link.ts';

/** My badge: the token of the link my QR code carries (`badgePath`) and my card as the badge shows it. */
export const myBadge = z.object({
  token: z.string(),
  path: z.string(),
  person: networker,
});
export type MyBadge = z.infer<typeof myBadge>;

/** A scanned badge: the person (mine: `own`, nothing recorded). */
export const scannedBadge = z.object({
  own: z.boolean(),
  person: networker,
});
export type ScannedBadge = z.infer<typeof scannedBadge>;

/** Who scanned whom: I scanned them, they scanned me, or both. */
export const metHow = z.enum(['scanned', 'scannedMe', 'both']);
export type MetHow = z.infer<typeof metHow>;

/** One person of "People I met by badge". */
export const metPerson = z.object({
  person: networker,
  how: metHow,
  /** The last scan between us (epoch seconds). */
  met_at: z.number().int(),
});
export type MetPerson = z.infer<typeof metPerson>;

export const badgeResolveBody = z
  .object({
    token: z
      .string({ error: 'networking-badge.errors.invalid' })
      .trim()
      .min(1, { error: 'networking-badge.errors.invalid' })
      .max(BADGE.tokenMax, { error: 'networking-badge.errors.invalid' }),
  })
  .strict();
export type BadgeResolveBody = z.infer<typeof badgeResolveBody>;

const moduleParams = z
  .object({
    app_module_id: z.coerce.number().int().positive().max(2_147_483_647),
  })
  .strict();

const tag = 'networking';
export const networkingBadgeEndpoints = {
  mine: defineEndpoint({
    method: 'GET',
    path: '/networking/:app_module_id/badge',
    params: moduleParams,
    response: myBadge,
    tag,
    summary: 'My QR badge: the signed link to me and my card',
  }),
  renew: defineEndpoint({
    method: 'POST',
    path: '/networking/:app_module_id/badge/renew',
    params: moduleParams,
    response: myBadge,
    tag,
    summary: 'Make a new badge: every earlier badge link of mine stops working',
  }),
  resolve: defineEndpoint({
    method: 'POST',
    path: '/networking/:app_module_id/badge/resolve',
    params: moduleParams,
    body: badgeResolveBody,
    response: scannedBadge,
    tag,
    summary: 'Open a scanned badge: its owner’s card; records the contact for both',
  }),
  met: defineEndpoint({
    method: 'GET',
    path: '/networking/:app_module_id/badge/met',
    params: moduleParams,
    response: z.array(metPerson),
    tag,
    summary: 'People I met by badge: scanned by me or having scanned me, newest first',
  }),
};
