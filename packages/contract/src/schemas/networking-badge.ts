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

/** The shape of a badge token (what the server signs); anything else is no badge. */
export const BADGE_TOKEN = /^[0-9a-z]{1,7}-[0-9a-z]{1,7}-[A-Za-z0-9_-]{22}$/;

/** The page a badge's QR code leads to, as a path of the app. */
export const badgePath = (moduleId: number, token: string) => `/networking/${moduleId}/badge/${token}`;

/**
 * The badge a scanned or pasted text names, when it is a badge link of THIS app (`origin`, the
 * app's own) or a bare token: `{ moduleId, token }`; null for anything else (another site, another
 * path, a profile link…), so nothing foreign is ever opened.
 */
export function badgeOfLink(text: string, origin: string): { moduleId: number | null; token: string } | null {
  const s = text.trim();
  if (s.length === 0 || s.length > 2048) return null;
  if (BADGE_TOKEN.test(s)) return { moduleId: null, token: s };
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return null;
  }
  let own: URL;
  try {
    own = new URL(origin);
  } catch {
    return null;
  }
  if (url.origin !== own.origin || url.username || url.password) return null;
  const m = /^\/networking\/([1-9][0-9]{0,9})\/badge\/([^/]+)\/?$/.exec(url.pathname);
  if (!m?.[1] || !m[2]) return null;
  const moduleId = Number(m[1]);
  const token = m[2];
  if (moduleId > 2_147_483_647 || !BADGE_TOKEN.test(token)) return null;
  return { moduleId, token };
}

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
