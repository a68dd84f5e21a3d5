/** The browser event Chromium fires when the app can be installed (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface Platform {
  /** A phone (not a tablet or desktop): the install prompt is for phones only. */
  phone: boolean;
  ios: boolean;
  /** Safari on iOS, which has no install event: it gets instructions instead. */
  iosSafari: boolean;
}

export function detectPlatform(ua: string, uaMobile?: boolean): Platform {
  const ios = /iPhone|iPod/.test(ua);
  const phone = ios || uaMobile === true || /Android.+Mobile|Mobi/i.test(ua);
  const iosSafari = ios && /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(ua);
  return { phone, ios, iosSafari };
}

export interface InstallContext {
  platform: Platform;
  standalone: boolean;
  previewFrame: boolean;
  declined: boolean;
}

/** Spec 1 §4: phones only, not in the installed app or the preview frame, never after "Use Web Version". */
export const canOfferInstall = ({ platform, standalone, previewFrame, declined }: InstallContext) =>
  platform.phone && !standalone && !previewFrame && !declined;

/** Whether the app runs installed (home-screen app), in any standalone-like display mode. */
export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || ['standalone', 'fullscreen', 'minimal-ui'].some((m) => matchMedia(`(display-mode: ${m})`).matches);
}
