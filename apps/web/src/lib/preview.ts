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
