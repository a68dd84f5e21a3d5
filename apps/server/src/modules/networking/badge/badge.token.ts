import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { BADGE_TOKEN } from '@app/contract/schemas/networking-badge';

/**
 * Badge tokens (spec 3 §2 QR badge): `<user id>-<version>-<mac>`, ids in base 36, the mac the first
 * 16 bytes of HMAC-SHA256(key, app, user, version) in base64url. The key is the server's
 * (app_secrets, never in the token); the app is inside the mac, so a badge of another app fails
 * like a forged one; the version is the member's current one (badge.table.ts), so a new badge
 * voids the old.
 */

const MAC_BYTES = 16;

const mac = (key: Buffer, appId: number, userId: number, version: number) =>
  createHmac('sha256', key).update(`networking-badge:${appId}:${userId}:${version}`).digest().subarray(0, MAC_BYTES).toString('base64url');

/** The token of this member's badge at this version. */
export function signBadge(key: Buffer, appId: number, userId: number, version: number): string {
  return `${userId.toString(36)}-${version.toString(36)}-${mac(key, appId, userId, version)}`;
}

/**
 * The member and version a token was signed for in this app, or null when it is not one of ours
 * (bad shape, bad mac, another app's). Whether the version is still the member's is the caller's check.
 */
export function verifyBadge(key: Buffer, appId: number, token: string): { userId: number; version: number } | null {
  if (token.length > 64 || !BADGE_TOKEN.test(token)) return null;
  const [u, v, given] = splitToken(token);
  if (u === undefined || v === undefined || given === undefined) return null;
  const userId = Number.parseInt(u, 36);
  const version = Number.parseInt(v, 36);
  if (!Number.isSafeInteger(userId) || userId <= 0 || userId > 2_147_483_647) return null;
  if (!Number.isSafeInteger(version) || version < 0 || version > 2_147_483_647) return null;
  // The canonical spelling only (no leading zeros): one token per badge.
  if (userId.toString(36) !== u || version.toString(36) !== v) return null;
  const expected = Buffer.from(mac(key, appId, userId, version));
  const got = Buffer.from(given);
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) return null;
  return { userId, version };
}

/** user id, version and mac (the mac may hold '-' itself). */
function splitToken(token: string): [string, string, string] | [] {
  const a = token.indexOf('-');
  const b = token.indexOf('-', a + 1);
  if (a < 1 || b < a + 2) return [];
  return [token.slice(0, a), token.slice(a + 1, b), token.slice(b + 1)];
}

/** A new secret version, different from `not` (the one being revoked). */
export function newVersion(not?: number): number {
  for (;;) {
    const v = randomInt(1, 2_147_483_647);
    if (v !== not) return v;
  }
}
