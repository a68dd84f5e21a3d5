import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, declineLabelKey, declineOutcome, shouldAskPush } from './push-logic.ts';

describe('shouldAskPush', () => {
  const base = { supported: true, permission: 'default' as NotificationPermission, denied: false, never: false };
  it('asks when push works and nothing is decided', () => expect(shouldAskPush(base)).toBe(true));
  it('does not ask without support, after a decision, or after a decline', () => {
    expect(shouldAskPush({ ...base, supported: false })).toBe(false);
    expect(shouldAskPush({ ...base, permission: 'granted' })).toBe(false);
    expect(shouldAskPush({ ...base, permission: 'denied' })).toBe(false);
    expect(shouldAskPush({ ...base, denied: true })).toBe(false);
    expect(shouldAskPush({ ...base, never: true })).toBe(false);
  });
});

describe('declining', () => {
  it('first asks later, then never', () => {
    expect(declineLabelKey(0)).toBe('shell.push.askLater');
    expect(declineOutcome(0)).toEqual({ count: 1, setDenied: true, setNever: false });
    expect(declineLabelKey(1)).toBe('shell.push.never');
    expect(declineOutcome(1)).toEqual({ count: 2, setDenied: true, setNever: true });
  });
});

describe('VAPID key', () => {
  it('decodes base64url VAPID keys', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});
