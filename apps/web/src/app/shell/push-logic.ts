export interface PushContext {
  /** PushManager and a service worker exist. */
  supported: boolean;
  permission: NotificationPermission;
  /** The push_denied flag (cleared on logout). */
  denied: boolean;
  /** The push_never flag. */
  never: boolean;
}

/** Spec 1 §4: ask only when push works, nothing is decided yet and the user has not said no. */
export const shouldAskPush = (c: PushContext) => c.supported && c.permission === 'default' && !c.denied && !c.never;

/**
 * Declining: the first time sets the denied flag and a count of 1 ("Ask me later"); once the
 * count is 1 or more the button reads "Never ask again" and declining sets never-show.
 */
export function declineOutcome(count: number): { count: number; setDenied: boolean; setNever: boolean } {
  if (count >= 1) return { count: count + 1, setDenied: true, setNever: true };
  return { count: 1, setDenied: true, setNever: false };
}

export const declineLabelKey = (count: number) => (count >= 1 ? 'shell.push.never' : 'shell.push.askLater');

export { base64UrlToBytes } from '../../lib/push.ts';
