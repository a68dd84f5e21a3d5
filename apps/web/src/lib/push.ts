import { api } from './api.ts';

/** Push needs a service worker, the Push API and notifications. */
export const pushSupported = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The body of POST /push-subscription and DELETE /push-subscription/0 (spec 1 §3 Push subscription, §7). */
export interface SubscriptionBody {
  endpoint: string;
  public_key: string;
  auth_token: string;
  encoding: 'aes128gcm';
}

/** The API body from a browser subscription: its endpoint and keys (p256dh, auth); null when incomplete. */
export function subscriptionBody(json: PushSubscriptionJSON): SubscriptionBody | null {
  const { endpoint, keys } = json;
  if (!endpoint || !keys?.p256dh || !keys.auth) return null;
  return { endpoint, public_key: keys.p256dh, auth_token: keys.auth, encoding: 'aes128gcm' };
}

/** VAPID keys travel as base64url; pushManager.subscribe wants the raw bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** The service worker once active, or null when none becomes ready in time (development build, blocked worker). */
export async function readyRegistration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  return Promise.race([navigator.serviceWorker.ready, timeout]).finally(() => clearTimeout(timer));
}

/** Subscribes this browser with the app's VAPID key and registers the subscription (POST /push-subscription). */
export async function subscribePush(reg: ServiceWorkerRegistration, publicKey: string): Promise<void> {
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
  const body = subscriptionBody(sub.toJSON());
  if (body) await api('/push-subscription', { method: 'POST', body });
}

/** After "Allow" (the shell's prompt, the settings screen): subscribe and register; false when no worker is ready. */
export async function enablePush(publicKey: string): Promise<boolean> {
  const reg = await readyRegistration();
  if (!reg || !publicKey) return false;
  await subscribePush(reg, publicKey);
  return true;
}

/** Whether this browser holds a push subscription now (the settings screen's "push is on"). */
export async function hasPushSubscription(): Promise<boolean> {
  return Boolean(await currentSubscription().catch(() => null));
}

/** What logout needs of a push subscription. */
export interface RemovableSubscription {
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}

/**
 * Forgets a push subscription: tells the server (DELETE with the endpoint and keys), then ends it in
 * the browser. Every step may fail without stopping the next; this never rejects.
 */
export async function dropSubscription(
  subscription: RemovableSubscription | null,
  sendDelete: (body: SubscriptionBody) => Promise<unknown>,
): Promise<void> {
  if (!subscription) return;
  try {
    const body = subscriptionBody(subscription.toJSON());
    if (body) await sendDelete(body);
  } catch {
    // The server keeps a dead subscription; its next push fails and removes it there.
  }
  try {
    await subscription.unsubscribe();
  } catch {
    // Nothing more to do in the browser.
  }
}

/** The push subscription of this browser's service worker, if there is one (no waiting for a worker). */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/**
 * Logout's first step: remove this browser's push subscription on the server and in the browser, so
 * the next person on this device gets no notifications meant for the previous one. Gives up after
 * `timeoutMs`, and never rejects: logout must not wait on it for long nor fail because of it.
 */
export async function removePushSubscription(timeoutMs = 4000): Promise<void> {
  const work = currentSubscription()
    .then((sub) => dropSubscription(sub, (body) => api('/push-subscription/0', { method: 'DELETE', body, silent: true })))
    .catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
