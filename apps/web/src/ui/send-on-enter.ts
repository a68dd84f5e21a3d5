import type { KeyboardEvent } from 'react';

/** What a key press in a box that sends what is typed does (spec 1 §5). */
export type EnterAction = 'send' | 'newline' | 'default';

interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  composing: boolean;
}

/**
 * The rule: on a desktop, Enter sends and Ctrl/⌘+Enter adds a line (browsers do nothing on it by
 * themselves); Shift+Enter keeps the browser's own new line. On a touch-only device (a phone's
 * keyboard has no Ctrl) Enter stays the keyboard's new line, and the send button sends. The Enter
 * that ends an input-method composition is left to the input method.
 */
export function enterAction(k: KeyPress, touchOnly: boolean): EnterAction {
  if (k.key !== 'Enter' || k.composing || k.altKey || k.shiftKey || touchOnly) return 'default';
  return k.ctrlKey || k.metaKey ? 'newline' : 'send';
}

/** A device whose only pointer is a finger: no hardware keyboard expected. */
const touchOnly = () =>
  typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches && !matchMedia('(any-pointer: fine)').matches;

/** Applies the Enter rule to a text box's key press. Returns whether the key was handled. */
export function sendOnEnter(e: KeyboardEvent<HTMLTextAreaElement>, send: () => void): boolean {
  const { key, shiftKey, ctrlKey, metaKey, altKey } = e;
  const action = enterAction({ key, shiftKey, ctrlKey, metaKey, altKey, composing: e.nativeEvent.isComposing }, touchOnly());
  if (action === 'default') return false;
  e.preventDefault();
  if (action === 'newline') {
    const box = e.currentTarget;
    box.setRangeText('\n', box.selectionStart, box.selectionEnd, 'end');
    // React's controlled value hears of the change through the input event, as if typed.
    box.dispatchEvent(new Event('input', { bubbles: true }));
    return true;
  }
  send();
  return true;
}
