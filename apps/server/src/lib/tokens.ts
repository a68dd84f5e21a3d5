import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: the value handed to the client. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored: the SHA-256 of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
