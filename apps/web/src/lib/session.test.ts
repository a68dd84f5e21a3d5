import { describe, expect, it } from 'vitest';
import { pickToken } from './session.ts';

describe('pickToken', () => {
  it('uses the admin token only inside the preview frame', () => {
    expect(pickToken({ adminToken: 'adm', accessToken: 'acc', inPreviewFrame: true })).toBe('adm');
    expect(pickToken({ adminToken: 'adm', accessToken: 'acc', inPreviewFrame: false })).toBe('acc');
    expect(pickToken({ adminToken: 'adm', accessToken: null, inPreviewFrame: false })).toBeNull();
  });

  it('falls back to the access token, and to nothing', () => {
    expect(pickToken({ adminToken: null, accessToken: 'acc', inPreviewFrame: true })).toBe('acc');
    expect(pickToken({ adminToken: '', accessToken: 'acc', inPreviewFrame: true })).toBe('acc');
    expect(pickToken({ adminToken: null, accessToken: null, inPreviewFrame: true })).toBeNull();
  });
});
