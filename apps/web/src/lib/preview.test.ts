import { describe, expect, it } from 'vitest';
import { isPreviewFrame } from './preview.ts';

describe('isPreviewFrame', () => {
  it('is false for a top-level window and where there is no window at all', () => {
    const top: { self: unknown; top: unknown } = { self: null, top: null };
    top.self = top;
    top.top = top;
    expect(isPreviewFrame(top)).toBe(false);
    expect(isPreviewFrame(undefined)).toBe(false);
    // The unit tests run without a DOM: the default window is missing.
    expect(isPreviewFrame()).toBe(false);
  });

  it('is true inside a frame, also when the cross-origin parent cannot be read', () => {
    expect(isPreviewFrame({ self: {}, top: {} })).toBe(true);
    const crossOrigin = {
      self: {},
      get top(): unknown {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    };
    expect(isPreviewFrame(crossOrigin)).toBe(true);
  });
});
