import { describe, expect, it } from 'vitest';
import { enterAction } from './send-on-enter.ts';

const press = (over: Partial<Parameters<typeof enterAction>[0]> = {}) => ({
  key: 'Enter',
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  composing: false,
  ...over,
});

describe('enterAction (spec 1 §5)', () => {
  it('sends on Enter and adds a line on Ctrl/⌘+Enter on a desktop', () => {
    expect(enterAction(press(), false)).toBe('send');
    expect(enterAction(press({ ctrlKey: true }), false)).toBe('newline');
    expect(enterAction(press({ metaKey: true }), false)).toBe('newline');
  });
  it("leaves Shift+Enter, other keys and an input method's Enter to the browser", () => {
    expect(enterAction(press({ shiftKey: true }), false)).toBe('default');
    expect(enterAction(press({ key: 'a' }), false)).toBe('default');
    expect(enterAction(press({ composing: true }), false)).toBe('default');
  });
  it("keeps Enter the keyboard's new line on a touch-only phone (the send button sends)", () => {
    expect(enterAction(press(), true)).toBe('default');
    expect(enterAction(press({ ctrlKey: true }), true)).toBe('default');
  });
});
