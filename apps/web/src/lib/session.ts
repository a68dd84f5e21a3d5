import { useSyncExternalStore } from 'react';
import { isPreviewFrame } from './preview.ts';
import { storage } from './storage.ts';

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

let state: SessionState = {
  token: pickToken({
    adminToken: storage.get('admin_token'),
    accessToken: storage.get('access_token'),
    inPreviewFrame: isPreviewFrame(),
  }),
  userId: Number(storage.get('user_id')) || null,
  unpublished: false,
};
const listeners = new Set<() => void>();

function set(patch: Partial<SessionState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(token: string, userId: number) {
    storage.set('access_token', token);
    storage.set('user_id', String(userId));
    set({ token, userId });
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
    set({ token: null, userId: null });
  },
  lock() {
    set({ unpublished: true });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
