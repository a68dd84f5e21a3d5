import type { ActivityItem } from '@app/contract/schemas/activity';
import { describe, expect, it } from 'vitest';
import { type ActivityFeedData, feedItems, nextActivityPage } from './get-activity.ts';

const item = (id: number): ActivityItem => ({
  id,
  user: { id: 1, fullname: 'Anna Novak', is_verified: true, profile: [] },
  action: 'posted',
  timestamp: 0,
  module: null,
  entity_id: null,
  is_reply: false,
  is_comment: false,
  is_like: false,
  click_url: null,
});
const feed = (...pages: number[][]): ActivityFeedData => ({
  pages: pages.map((ids, i) => ({ items: ids.map(item), page: i + 1, pageCount: 3 })),
  pageParams: pages.map((_, i) => i + 1),
});

describe('feed paging', () => {
  it('lists each item once across pages', () => {
    expect(feedItems(feed([5, 4, 3], [3, 2, 1])).map((i) => i.id)).toEqual([5, 4, 3, 2, 1]);
    expect(feedItems(undefined)).toEqual([]);
  });
  it('asks for the next page until the last', () => {
    expect(nextActivityPage({ items: [], page: 1, pageCount: 3 })).toBe(2);
    expect(nextActivityPage({ items: [], page: 3, pageCount: 3 })).toBeUndefined();
  });
});
