/**
 * Copies text to the clipboard. Without the async clipboard, a read-only textarea off
 * screen (no keyboard opens on a phone, nothing flashes) is selected for `execCommand('copy')`, and
 * the focus goes back where it was. Rejects when nothing was copied, so the caller can say so.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.readOnly = true;
  area.tabIndex = -1;
  area.setAttribute('aria-hidden', 'true');
  Object.assign(area.style, { position: 'fixed', top: '0', left: '-9999px', opacity: '0' });
  document.body.append(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
    focused?.focus({ preventScroll: true });
  }
}

/** Copies the full address of a page of the app (a path such as `/catalog/3/9`). */
export function copyLink(path: string): Promise<void> {
  return copyText(new URL(path, location.origin).href);
}
