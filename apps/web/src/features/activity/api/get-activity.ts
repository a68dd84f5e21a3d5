import type { EndpointResult } from '@app/contract/endpoint';
import type { ActivityItem, activityEndpoints } from '@app/contract/schemas/activity';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { activityFeedKey } from './keys.ts';

export const ACTIVITY_PER_PAGE = 20;

export interface ActivityPage {
  items: ActivityItem[];
  page: number;
  /** From the x-pagination-page-count header. */
  pageCount: number;
}

export type ActivityFeedData = InfiniteData<ActivityPage>;

/** GET /user/activity?page=N (spec 1 §7), newest first. */
export async function getActivity(page: number, signal?: AbortSignal): Promise<ActivityPage> {
  // A type-only use of the endpoint: callApi would bring zod into the shell's first load (see lib/api.ts).
  const res = await api<EndpointResult<typeof activityEndpoints.list>>('/user/activity', {
    query: { page, 'per-page': ACTIVITY_PER_PAGE },
    signal,
  });
  return { items: res.data, page, pageCount: res.pageCount };
}

export const nextActivityPage = (last: ActivityPage): number | undefined => (last.page < last.pageCount ? last.page + 1 : undefined);

export function useActivityFeed() {
  return useInfiniteQuery({
    queryKey: activityFeedKey,
    queryFn: ({ pageParam, signal }) => getActivity(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextActivityPage,
  });
}

/** Every loaded item once: a live item prepended to page 1 shifts a duplicate onto later pages. */
export function feedItems(data: ActivityFeedData | undefined): ActivityItem[] {
  const seen = new Set<number>();
  const out: ActivityItem[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}
