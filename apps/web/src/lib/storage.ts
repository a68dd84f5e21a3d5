import type { AppConfig } from '@app/contract/schemas/app';
import { meta } from './meta.ts';

/** Keys of the client storage of spec 1 §3; each app (key) has its own set. */
export type StorageKey =
  | 'access_token'
  | 'admin_token'
  | 'user_id'
  | 'return_url'
  | 'auth_email'
  | 'registration_email'
  | 'profile_completed'
  | 'core_version'
  | 'install_declined'
  | 'install_hidden'
  | 'push_denied'
  | 'push_never'
  | 'external_registration'
  | 'menu_page_shown'
  | 'boot_at';

const full = (key: StorageKey) => `${meta.app_key}:${key}`;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const storage = {
  get: (key: StorageKey): string | null => safe(() => localStorage.getItem(full(key)), null),
  set: (key: StorageKey, value: string) => safe(() => localStorage.setItem(full(key), value), undefined),
  remove: (key: StorageKey) => safe(() => localStorage.removeItem(full(key)), undefined),
};

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One cookie's value from a `document.cookie` string; null when absent or not decodable (e.g. a stray `%`). */
export function readCookie(cookies: string, name: string): string | null {
  const m = cookies.match(new RegExp(`(?:^|;\\s*)${escapeRegex(name)}=([^;]*)`));
  if (!m?.[1]) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

export function getCookie(name: string): string | null {
  return safe(() => readCookie(document.cookie, name), null);
}

export function setCookie(name: string, value: string, days = 365) {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the spec's cookies (locale, timeFormat) are plain cookies
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${days * 86_400}; SameSite=Lax${secure}`;
}

export function removeCookie(name: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: as setCookie
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** The cookies of spec 1 §3 that mirror the app config, for later modules and the server to read. */
export function appConfigCookies(config: Pick<AppConfig, 'time_format' | 'currency'>): Array<[name: string, value: string]> {
  return [
    ['timeFormat', config.time_format],
    ['currency_before', config.currency.is_before ? '1' : '0'],
    ['currency_symbol', config.currency.symbol],
  ];
}
