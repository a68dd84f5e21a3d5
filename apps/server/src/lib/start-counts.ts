/**
 * The distinct start instants (ms, sorted) of a list of starts, and how many start at each: the
 * calendars make the reader's local days of them and name each day with its count ("3 sessions").
 */
export function startCounts(starts: readonly number[]): { starts: number[]; counts: number[] } {
  const by = new Map<number, number>();
  for (const ms of starts) by.set(ms, (by.get(ms) ?? 0) + 1);
  const sorted = [...by.keys()].sort((a, b) => a - b);
  return { starts: sorted, counts: sorted.map((ms) => by.get(ms) ?? 0) };
}
