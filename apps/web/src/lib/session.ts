import { useSyncExternalStore } from 'react';
import { meta } from './meta.ts';
import { isPreviewFrame } from './preview.ts';
import { getCookie, removeCookie, setCookie, storage } from './storage.ts';

/** Who is signed in and whether the app is usable; persisted pieces live in storage. */
export interface SessionState {
  token: string | null;
  userId: number | null;
  /** Unpublished or locked (spec 1 §4 Published state). */
  unpublished: boolean;
}

/**
 * The token the authenticated client sends: the admin token only inside the preview frame, the
 * access token everywhere else (spec 1 §4 Admin preview, §7). An admin token left in storage
 * outside the frame is never used, even before boot removes it.
 */
export function pickToken(t: { adminToken: string | null; accessToken: string | null; inPreviewFrame: boolean }): string | null {
  return (t.inPreviewFrame ? t.adminToken : null) || t.accessToken || null;
}

/**
 * The stored user id belongs to the stored access token (both written by `session.adopt`); with the
 * admin token of the preview frame nobody is known until the menu answers for that token.
 */
export function initialSession(t: {
  adminToken: string | null;
  accessToken: string | null;
  userId: string | null;
  inPreviewFrame: boolean;
}): SessionState {
  const token = pickToken(t);
  const id = Number(t.userId);
  const userId = token && token === t.accessToken && Number.isInteger(id) && id > 0 ? id : null;
  return { token, userId, unpublished: false };
}

const stored = () =>
  initialSession({
    adminToken: storage.get('admin_token'),
    accessToken: storage.get('access_token'),
    userId: storage.get('user_id'),
    inPreviewFrame: isPreviewFrame(),
  });
let state: SessionState = stored();
const listeners = new Set<() => void>();

function set(patch: Partial<SessionState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

/**
 * The access-token cookie of spec 1 §3 (365 days), one per app: a navigation then carries the
 * member's first screen in the HTML (lib/boot-data.ts). Only the page's own requests send it; the
 * API reads the token from its header alone.
 */
export const tokenCookie = () => `access_token_${meta.app_key}`;
function syncTokenCookie(token: string | null) {
  if (typeof document === 'undefined') return;
  if (token) {
    if (getCookie(tokenCookie()) !== token) setCookie(tokenCookie(), token);
  } else if (getCookie(tokenCookie()) !== null) removeCookie(tokenCookie());
}
// A session stored before the cookie existed gets it too; later, as reading cookies is slow at start.
if (typeof window !== 'undefined') setTimeout(() => syncTokenCookie(storage.get('access_token')), 5_000);

export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /**
   * The one way a member's access token enters the app (sign-in answers, OAuth, an ?access-token=
   * link). The user id is the one the server answered with the token, or unknown until the menu's
   * answer names it (`identify`): never one left from another token.
   */
  adopt(token: string, userId: number | null = null) {
    storage.set('access_token', token);
    syncTokenCookie(token);
    if (userId) storage.set('user_id', String(userId));
    else storage.remove('user_id');
    set({ token, userId });
  },
  /**
   * The admin token the preview frame's parent hands over (spec 1 §4 Admin preview), taken by the
   * reload that follows (`initialSession`); its user comes with the menu.
   */
  adoptAdminToken(token: string) {
    storage.set('admin_token', token);
  },
  /**
   * Who the token belongs to, from the server's menu answer (its user_id), which every token gets
   * before any page shows. Kept with the access token; the admin token's user lives in memory only.
   */
  identify(token: string, userId: number) {
    if (token !== state.token) return;
    if (token === storage.get('access_token')) storage.set('user_id', String(userId));
    if (userId !== state.userId) set({ userId });
  },
  /** Clears everything logout clears (spec 1 §4 Login). */
  clear() {
    for (const k of [
      'access_token',
      'admin_token',
      'user_id',
      'auth_email',
      'registration_email',
      'profile_completed',
      'push_denied',
    ] as const) {
      storage.remove(k);
    }
    syncTokenCookie(null);
    // The pages the service worker kept carry the member's first screens (public/sw.js PAGES).
    if (typeof caches !== 'undefined') void caches.delete('pages-v1').catch(() => undefined);
    set({ token: null, userId: null });
  },
  lock() {
    set({ unpublished: true });
  },
  /** Reads the stored session again: the server renders each member's page in one process (entry-server.tsx). */
  reload() {
    state = stored();
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
