import { describe, expect, it } from 'vitest';
import { readOAuthFragment } from './oauth-fragment.ts';

describe('OAuth fragment on /login', () => {
  it('reads a session, an error, or nothing', () => {
    expect(readOAuthFragment('#oauth_token=abc-DEF_1&user_id=42')).toEqual({ type: 'session', token: 'abc-DEF_1', userId: 42 });
    expect(readOAuthFragment('#oauth_error=google')).toEqual({ type: 'error', provider: 'google' });
    expect(readOAuthFragment('')).toBeNull();
    expect(readOAuthFragment('#oauth_token=abc&user_id=0')).toBeNull();
    expect(readOAuthFragment('#oauth_token=abc&user_id=x')).toBeNull();
  });
});
