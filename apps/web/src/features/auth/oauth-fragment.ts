export type OAuthResult = { type: 'session'; token: string; userId: number } | { type: 'error'; provider: string } | null;

/** What the server's OAuth callback put in the URL fragment of /login, if anything. */
export function readOAuthFragment(hash: string): OAuthResult {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('oauth_token');
  const userId = Number(params.get('user_id'));
  if (token && Number.isInteger(userId) && userId > 0) return { type: 'session', token, userId };
  const provider = params.get('oauth_error');
  if (provider) return { type: 'error', provider };
  return null;
}

export const PROVIDER_NAMES: Record<string, string> = { apple: 'Apple', google: 'Google', facebook: 'Facebook', linkedin: 'LinkedIn' };
