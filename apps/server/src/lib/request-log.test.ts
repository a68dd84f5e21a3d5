import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-log.ts';

describe('redactUrl', () => {
  it('replaces the values of secret query parameters', () => {
    expect(redactUrl('/news/1?access-token=abc123&page=2')).toBe('/news/1?access-token=[redacted]&page=2');
    expect(redactUrl('/login/resetPassword?token=t0k3n&app=demo')).toBe('/login/resetPassword?token=[redacted]&app=demo');
    expect(redactUrl('/auth/oauth/google/callback?code=xyz&state=s1')).toBe('/auth/oauth/google/callback?code=[redacted]&state=[redacted]');
    expect(redactUrl('/x?PASSWORD=hunter2#frag')).toBe('/x?PASSWORD=[redacted]#frag');
  });

  it('leaves other urls alone and bounds the length', () => {
    expect(redactUrl('/user/app-menu?tokenish=1')).toBe('/user/app-menu?tokenish=1');
    expect(redactUrl(`/${'a'.repeat(5000)}`).length).toBeLessThan(2100);
  });
});
