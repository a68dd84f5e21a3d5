import { BREAKPOINTS } from '@app/contract/constants';
import { api } from '../../lib/api.ts';

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

let sent = false;

/** POST /pwa/audit, once per page load (spec 1 §7). */
export function sendAuditOnce(previewFrame: boolean) {
  if (sent) return;
  sent = true;
  const body = {
    pwaAppMode: appModeOf(document.referrer, (q) => matchMedia(q).matches),
    isPreviewFrame: previewFrame,
    deviceType: deviceTypeOf(window.innerWidth),
  };
  api('/pwa/audit', { method: 'POST', body }).catch(() => undefined);
}
