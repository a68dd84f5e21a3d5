import { randomBytes } from 'node:crypto';
import { BADGE_TOKEN, badgeOfLink, badgePath } from '@app/contract/schemas/networking-badge';
import { describe, expect, it } from 'vitest';
import { newVersion, signBadge, verifyBadge } from './badge.token.ts';

const key = randomBytes(32);
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_.~%';

describe('badge tokens', () => {
  it('a signed token verifies for its app only, with its member and version', () => {
    for (const [userId, version] of [
      [1, 1],
      [42, 7],
      [2_147_483_647, 2_147_483_646],
    ] as const) {
      const token = signBadge(key, 3, userId, version);
      expect(token).toMatch(BADGE_TOKEN);
      expect(verifyBadge(key, 3, token)).toEqual({ userId, version });
      expect(verifyBadge(key, 4, token)).toBeNull();
      expect(verifyBadge(randomBytes(32), 3, token)).toBeNull();
    }
  });

  it('any changed, dropped or added character fails', () => {
    const token = signBadge(key, 3, 1234, 987_654);
    let tried = 0;
    for (let i = 0; i < token.length; i++) {
      for (const c of ALPHABET) {
        if (c === token[i]) continue;
        const changed = token.slice(0, i) + c + token.slice(i + 1);
        expect(verifyBadge(key, 3, changed), changed).toBeNull();
        tried++;
      }
      expect(verifyBadge(key, 3, token.slice(0, i) + token.slice(i + 1))).toBeNull();
      expect(verifyBadge(key, 3, `${token.slice(0, i)}a${token.slice(i)}`)).toBeNull();
    }
    expect(tried).toBeGreaterThan(1000);
  });

  it('another member id or version with the same mac fails; garbage, truncated and huge tokens fail', () => {
    const token = signBadge(key, 3, 1234, 55);
    const mac = token.split('-').slice(2).join('-');
    expect(verifyBadge(key, 3, `${(1235).toString(36)}-${(55).toString(36)}-${mac}`)).toBeNull();
    expect(verifyBadge(key, 3, `${(1234).toString(36)}-${(56).toString(36)}-${mac}`)).toBeNull();
    // Leading zeros spell the same numbers: not the canonical token, refused.
    expect(verifyBadge(key, 3, `0${token}`)).toBeNull();
    for (const bad of ['', '-', '--', 'abc', token.slice(0, -1), token.slice(0, 10), `${token}${token}`, 'x'.repeat(10_000), '1-1-']) {
      expect(verifyBadge(key, 3, bad), bad).toBeNull();
    }
    for (let i = 0; i < 500; i++) expect(verifyBadge(key, 3, randomBytes(1 + (i % 60)).toString('base64url'))).toBeNull();
  });

  it('a new version differs from the one it replaces', () => {
    for (let i = 0; i < 100; i++) {
      const v = newVersion();
      expect(v).toBeGreaterThan(0);
      expect(newVersion(v)).not.toBe(v);
    }
  });
});

describe('badge links', () => {
  const token = signBadge(key, 3, 12, 34);
  const origin = 'https://event.example.com';
  it('accepts this app’s badge links and bare tokens', () => {
    expect(badgeOfLink(`${origin}${badgePath(7, token)}`, origin)).toEqual({ moduleId: 7, token });
    expect(badgeOfLink(`  ${origin}${badgePath(7, token)}/  `, origin)).toEqual({ moduleId: 7, token });
    expect(badgeOfLink(token, origin)).toEqual({ moduleId: null, token });
  });
  it('refuses another origin, another path, credentials and anything else', () => {
    for (const bad of [
      `https://evil.example.com${badgePath(7, token)}`,
      `http://event.example.com${badgePath(7, token)}`,
      `https://event.example.com:8443${badgePath(7, token)}`,
      `https://user:pw@event.example.com${badgePath(7, token)}`,
      `${origin}/user/12`,
      `${origin}/networking/7/badge`,
      `${origin}/networking/7/badge/not-a-token`,
      `${origin}/networking/0/badge/${token}`,
      `${origin}/networking/99999999999/badge/${token}`,
      `${origin}/x/networking/7/badge/${token}`,
      `javascript:alert(1)`,
      'hello',
      '',
      'x'.repeat(5000),
    ]) {
      expect(badgeOfLink(bad, origin), bad).toBeNull();
    }
  });
});
