import type { ActivityItem } from '@app/contract/schemas/activity';

/** An activity's click_url as an in-app path: the host is dropped, path, query and hash kept. */
export function appPathOf(clickUrl: string | null | undefined): string | null {
  if (!clickUrl) return null;
  try {
    const url = new URL(clickUrl, 'http://app.invalid');
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

export const avatarOf = (item: ActivityItem) => item.user.profile.find((f) => f.name === 'avatar')?.value ?? null;
