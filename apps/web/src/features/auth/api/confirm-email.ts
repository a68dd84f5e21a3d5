import type { SessionAnswer } from '@app/contract/schemas/auth';
import { api } from '../../../lib/api.ts';

const inFlight = new Map<string, Promise<SessionAnswer>>();

/**
 * POST /auth/confirm-email. The token is single use, so one page visit must send
 * it once even when React mounts the page twice (StrictMode, remounts).
 */
export function confirmEmail(token: string): Promise<SessionAnswer> {
  let pending = inFlight.get(token);
  if (!pending) {
    pending = api<SessionAnswer>('/auth/confirm-email', { method: 'POST', body: { token }, public: true }).then((r) => r.data);
    inFlight.set(token, pending);
  }
  return pending;
}
