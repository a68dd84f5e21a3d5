import { describe, expect, it } from 'vitest';
import { adminTokenOrigins, isAdminTokenOrigin, isPreviewFrame, previewConfigOf } from './preview.ts';

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

describe('admin token origins', () => {
  const own = 'https://app.example.com';
  it('accepts our own origin and the configured admin origins only', () => {
    expect(isAdminTokenOrigin(own, own, [])).toBe(true);
    expect(isAdminTokenOrigin('https://admin.example.com', own, ['https://admin.example.com'])).toBe(true);
    expect(isAdminTokenOrigin('https://evil.example', own, ['https://admin.example.com'])).toBe(false);
    expect(isAdminTokenOrigin('null', own, [])).toBe(false);
    expect(isAdminTokenOrigin('https://admin.example.com.evil.example', own, ['https://admin.example.com'])).toBe(false);
  });
  it('lists each origin once, ours first', () => {
    expect(adminTokenOrigins(own, ['https://admin.example.com', own])).toEqual([own, 'https://admin.example.com']);
  });
});

describe('previewConfigOf', () => {
  it('keeps the known draft settings of a preview-config message with values of the right kind', () => {
    expect(
      previewConfigOf({
        type: 'preview-config',
        config: { app_name: 'Draft', main_color: '#123456', theme: 'dark', menu_style: 'large', app_branding: false, app_logo: null },
      }),
    ).toEqual({ app_name: 'Draft', main_color: '#123456', theme: 'dark', menu_style: 'large', app_branding: false, app_logo: null });
  });

  it('drops unknown keys and wrong kinds, and ignores other messages', () => {
    expect(
      previewConfigOf({ type: 'preview-config', config: { theme: 'pink', is_published: true, main_color: 5, menu_style: 'x' } }),
    ).toEqual({});
    expect(previewConfigOf({ type: 'adminToken', token: 'x' })).toBeUndefined();
    expect(previewConfigOf({ type: 'preview-config' })).toBeUndefined();
    expect(previewConfigOf('preview-config')).toBeUndefined();
    expect(previewConfigOf(null)).toBeUndefined();
  });
});
