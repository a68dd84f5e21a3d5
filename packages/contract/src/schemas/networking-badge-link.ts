/**
 * Badge links without zod (the scan screen loads only this): the token's shape, the page a badge
 * opens, and which scanned texts are badges of this app. The schemas are in `networking-badge.ts`.
 */

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
