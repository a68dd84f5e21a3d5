import type { Meeting } from '@app/contract/schemas/networking';

/** Query keys of the networking module: all start with the module type. */
export const meetsKey = ['networking', 'meets'] as const;

/** The list with this meeting in it (new, or in place of its older copy), latest slot first. */
export function upsertMeeting(list: Meeting[] | undefined, m: Meeting): Meeting[] | undefined {
  if (!list) return list;
  const rest = list.filter((x) => x.id !== m.id);
  return [m, ...rest].sort((a, b) => b.time_start - a.time_start || b.id - a.id);
}

/**
 * Query keys of the hub's screens beyond meetings. `networkingActivity` invalidates them by what
 * changed (module.ts): every list query starts with `lists`, the card of a member with `card`.
 */
export const hubKeys = {
  all: ['networking', 'hub'] as const,
  lists: ['networking', 'hub', 'lists'] as const,
  card: (moduleId: number, id: number) => ['networking', 'hub', 'card', moduleId, id] as const,
  score: ['networking', 'hub', 'score'] as const,
  leaderboard: ['networking', 'hub', 'leaderboard'] as const,
  topics: ['networking', 'hub', 'topics'] as const,
  sessions: ['networking', 'hub', 'sessions'] as const,
  badge: ['networking', 'hub', 'badge'] as const,
};
