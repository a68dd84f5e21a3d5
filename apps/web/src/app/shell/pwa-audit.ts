import { BREAKPOINTS } from '@app/contract/constants';
import { api } from '../../lib/api.ts';
import { getCookie, setCookie } from '../../lib/storage.ts';

export type DeviceType = 'mobile' | 'tablet' | 'desktop';
export type PwaAppMode = 'browser' | 'standalone' | 'fullscreen' | 'minimal-ui' | 'twa';

/** Below md a phone, below lg a tablet, else a desktop. */
export function deviceTypeOf(width: number): DeviceType {
  if (width < BREAKPOINTS.md) return 'mobile';
  if (width < BREAKPOINTS.lg) return 'tablet';
  return 'desktop';
}

/** How the app was opened: a trusted web activity, an installed display mode, or a browser tab. */
export function appModeOf(referrer: string, matches: (query: string) => boolean): PwaAppMode {
  if (referrer.startsWith('android-app://')) return 'twa';
  for (const mode of ['fullscreen', 'standalone', 'minimal-ui'] as const) if (matches(`(display-mode: ${mode})`)) return mode;
  return 'browser';
}

/** Spec 1 §3: the audit cookie lives 10 days; one audit per visitor and app in that time. */
const AUDIT_DAYS = 10;
export const auditCookieName = (appKey: string) => `pwa_audit_${appKey.replace(/[^\w-]/g, '_')}`;

/**
 * POST /pwa/audit for every visitor, signed in or not, at most once per 10 days (spec 1 §7): with
 * the token when there is one, public otherwise. Never disturbs the page, whatever it answers.
 */
export function sendAudit(appKey: string, previewFrame: boolean) {
  const cookie = auditCookieName(appKey);
  if (getCookie(cookie)) return;
  setCookie(cookie, '1', AUDIT_DAYS);
  const body = {
    pwaAppMode: appModeOf(document.referrer, (q) => matchMedia(q).matches),
    isPreviewFrame: previewFrame,
    deviceType: deviceTypeOf(window.innerWidth),
  };
  api('/pwa/audit', { method: 'POST', body, silent: true }).catch(() => undefined);
}
