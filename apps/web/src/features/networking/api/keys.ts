import type { Meeting } from '@app/contract/schemas/networking';

/** Query keys of the networking module: all start with the module type. */
export const meetsKey = ['networking', 'meets'] as const;

/** The list with this meeting in it (new, or in place of its older copy), latest slot first. */
export function upsertMeeting(list: Meeting[] | undefined, m: Meeting): Meeting[] | undefined {
  if (!list) return list;
  const rest = list.filter((x) => x.id !== m.id);
  return [m, ...rest].sort((a, b) => b.time_start - a.time_start || b.id - a.id);
}
