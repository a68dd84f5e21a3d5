import { beforeEach, describe, expect, it } from 'vitest';
import { initialSession, pickToken, session } from './session.ts';

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

describe('initialSession', () => {
  it('keeps the stored user id with the access token it was stored with', () => {
    const s = initialSession({ adminToken: null, accessToken: 'acc', userId: '7', inPreviewFrame: false });
    expect(s).toEqual({ token: 'acc', userId: 7, unpublished: false });
    expect(initialSession({ adminToken: null, accessToken: 'acc', userId: 'x', inPreviewFrame: false }).userId).toBeNull();
    expect(initialSession({ adminToken: null, accessToken: null, userId: '7', inPreviewFrame: false }).userId).toBeNull();
  });

  it('knows nobody with the admin token of the preview frame until the menu names them', () => {
    const s = initialSession({ adminToken: 'adm', accessToken: 'acc', userId: '7', inPreviewFrame: true });
    expect(s).toEqual({ token: 'adm', userId: null, unpublished: false });
  });
});

describe('session.adopt and session.identify', () => {
  const stored = new Map<string, string>();
  beforeEach(() => {
    stored.clear();
    Object.assign(globalThis, {
      localStorage: {
        getItem: (k: string) => stored.get(k) ?? null,
        setItem: (k: string, v: string) => void stored.set(k, v),
        removeItem: (k: string) => void stored.delete(k),
      },
    });
    session.clear();
  });

  it('takes the user id of a sign-in answer with its token', () => {
    session.adopt('tok-a', 5);
    expect(session.get()).toMatchObject({ token: 'tok-a', userId: 5 });
    expect(stored.get('demo:user_id')).toBe('5');
  });

  it('forgets the id of an earlier token when a token comes without one (an ?access-token= link)', () => {
    session.adopt('tok-a', 5);
    session.adopt('tok-b');
    expect(session.get()).toMatchObject({ token: 'tok-b', userId: null });
    expect(stored.has('demo:user_id')).toBe(false);
  });

  it("learns the token's member from the menu answer, for the current token only", () => {
    session.adopt('tok-b');
    session.identify('tok-old', 9);
    expect(session.get().userId).toBeNull();
    session.identify('tok-b', 12);
    expect(session.get()).toMatchObject({ token: 'tok-b', userId: 12 });
    expect(stored.get('demo:user_id')).toBe('12');
    session.clear();
    expect(session.get()).toMatchObject({ token: null, userId: null });
  });
});
