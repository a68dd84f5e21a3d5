import { useSyncExternalStore } from 'react';

/** The console's own sign-in, apart from the attendee app's (`access_token`): localStorage `console_token`. */
const KEY = 'console_token';

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

let token: string | null = read();
const listeners = new Set<() => void>();

function set(next: string | null) {
  token = next;
  try {
    if (next) localStorage.setItem(KEY, next);
    else localStorage.removeItem(KEY);
  } catch {
    // private mode: the session lives as long as the page
  }
  for (const l of listeners) l();
}

export const session = {
  get: () => token,
  adopt: (next: string) => set(next),
  clear: () => set(null),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** The console token, re-rendering when it changes (sign-in, sign-out, a 401). */
export function useSessionToken(): string | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
