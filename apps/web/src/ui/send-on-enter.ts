import type { KeyboardEvent } from 'react';

/**
 * The Enter rule of every box that sends what is typed (chat message, comment, comment edit;
 * spec 1 §5): Enter sends; Ctrl/⌘+Enter adds a line (browsers do nothing on it by themselves),
 * and so does Shift+Enter (the browser's own). The Enter that ends an input-method composition
 * is left to the input method. Returns whether the key was handled.
 */
export function sendOnEnter(e: KeyboardEvent<HTMLTextAreaElement>, send: () => void): boolean {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.altKey) return false;
  if (e.shiftKey) return false;
  e.preventDefault();
  if (e.ctrlKey || e.metaKey) {
    const box = e.currentTarget;
    box.setRangeText('\n', box.selectionStart, box.selectionEnd, 'end');
    // React's controlled value hears of the change through the input event, as if typed.
    box.dispatchEvent(new Event('input', { bubbles: true }));
    return true;
  }
  send();
  return true;
}
