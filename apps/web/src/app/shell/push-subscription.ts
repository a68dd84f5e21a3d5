// Plain paths, not the contract's endpoints: callApi would bring zod into the shell's first load
// (+400 ms of blocking time on a phone, measured with npm run lighthouse).
import { api } from '../../lib/api.ts';
import { meta } from '../../lib/meta.ts';
import { enablePush, readyRegistration, subscribePush, subscriptionBody } from '../../lib/push.ts';
import { getCookie, setCookie } from '../../lib/storage.ts';

export { enablePush };

/**
 * Permission already granted at load: refresh the existing subscription for this user
 * (PUT /push-subscription/0 with user_id), or subscribe anew and POST (spec 1 §4).
 */
export async function syncPush(publicKey: string, userId: number | null) {
  const reg = await readyRegistration();
  if (!reg) return;
  const existing = await reg.pushManager.getSubscription();
  const body = existing ? subscriptionBody(existing.toJSON()) : null;
  if (body) await api('/push-subscription/0', { method: 'PUT', body: { ...body, ...(userId ? { user_id: userId } : {}) } });
  else if (publicKey) await subscribePush(reg, publicKey);
}

/** How often the prompt was declined: a 365-day notification-state cookie, kept across logouts. */
const COUNT_COOKIE = `push_declines_${meta.app_key}`;
export const declineCount = () => Number(getCookie(COUNT_COOKIE)) || 0;
export const saveDeclineCount = (n: number) => setCookie(COUNT_COOKIE, String(n), 365);

/**
 * PUT /push-open/{id} for a notification the user opened (`?push-open=N`). Sent directly rather than
 * through api(): a stale id answers 404, and a background report must not open the 404 dialog.
 */
export function reportPushOpen(id: string, token: string | null) {
  if (!/^\d{1,10}$/.test(id) || !token) return;
  const url = new URL(`/push-open/${id}`, meta.app_url || location.origin);
  fetch(url, { method: 'PUT', headers: { 'app-key': meta.app_key, 'access-token': token }, keepalive: true }).catch(() => undefined);
}
