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
