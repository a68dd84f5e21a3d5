import type { AppConfig } from '@app/contract/schemas/app';

/** The part of a window the preview check reads (a cross-origin `top` throws on access). */
export interface FrameWindow {
  readonly self: unknown;
  readonly top: unknown;
}

const currentWindow = (): FrameWindow | undefined => (typeof window === 'undefined' ? undefined : window);

/**
 * Whether the app runs inside a frame, which for this app means the admin preview (spec 1 §4 Admin
 * preview). A cross-origin parent makes reading `top` throw: that is a frame too.
 */
export function isPreviewFrame(win: FrameWindow | undefined = currentWindow()): boolean {
  if (!win) return false;
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}

/**
 * The origins that may hand the preview frame an admin token: our own and the configured admin
 * origins (page metadata). Any other window's message is ignored, and the token request is never
 * posted to `'*'`.
 */
export function adminTokenOrigins(ownOrigin: string, adminOrigins: readonly string[]): string[] {
  return [...new Set([ownOrigin, ...adminOrigins])];
}

/** Whether a message event's origin is one of those allowed to hand over an admin token. */
export function isAdminTokenOrigin(origin: string, ownOrigin: string, adminOrigins: readonly string[]): boolean {
  return adminTokenOrigins(ownOrigin, adminOrigins).includes(origin);
}

/** The settings the console's preview may show before they are saved (its draft). */
const PREVIEW_FIELDS = {
  app_name: 'string',
  main_color: 'string',
  bg_color: 'string',
  theme: 'theme',
  menu_style: 'menu',
  app_branding: 'boolean',
  app_logo: 'nullable',
  signup_title: 'nullable',
} as const;
const MENU = new Set(['classic', 'ontop', 'page', 'large']);

export type PreviewConfig = Partial<
  Pick<AppConfig, 'app_name' | 'main_color' | 'bg_color' | 'theme' | 'menu_style' | 'app_branding' | 'app_logo' | 'signup_title'>
>;

/**
 * The draft of a `{ type: 'preview-config', config }` message, keeping only the known settings with
 * values of the right kind; undefined for any other message.
 */
export function previewConfigOf(data: unknown): PreviewConfig | undefined {
  if (!data || typeof data !== 'object' || (data as { type?: unknown }).type !== 'preview-config') return undefined;
  const raw = (data as { config?: unknown }).config;
  if (!raw || typeof raw !== 'object') return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(PREVIEW_FIELDS)) {
    const v = (raw as Record<string, unknown>)[key];
    const ok =
      kind === 'string'
        ? typeof v === 'string' && v.length <= 200
        : kind === 'theme'
          ? v === 'light' || v === 'dark'
          : kind === 'menu'
            ? typeof v === 'string' && MENU.has(v)
            : kind === 'boolean'
              ? typeof v === 'boolean'
              : v === null || (typeof v === 'string' && v.length <= 2000);
    if (ok) out[key] = v;
  }
  return out as PreviewConfig;
}
