/** Pure rules of the agenda screens (unit-tested in schedule.test.ts). */

interface Timed {
  id: number;
  title: string;
  starts_at: string;
  ends_at: string;
  cancelled: boolean;
}

/**
 * For each session of a schedule, the first other session it overlaps (one starts before the other
 * ends); cancelled sessions overlap nothing. Sessions sorted by start: a sweep, O(n log n).
 */
export function overlaps<T extends Timed>(sessions: readonly T[]): Map<number, T> {
  const live = sessions.filter((s) => !s.cancelled).sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at) || a.id - b.id);
  const out = new Map<number, T>();
  for (let i = 0; i < live.length; i++) {
    const a = live[i] as T;
    const aEnd = Date.parse(a.ends_at);
    for (let j = i + 1; j < live.length; j++) {
      const b = live[j] as T;
      if (Date.parse(b.starts_at) >= aEnd) break;
      if (!out.has(a.id)) out.set(a.id, b);
      if (!out.has(b.id)) out.set(b.id, a);
    }
  }
  return out;
}

/** Sessions grouped by their start instant, in order. */
export function byStart<T extends Timed>(sessions: readonly T[]): Array<{ start: string; items: T[] }> {
  const groups: Array<{ start: string; items: T[] }> = [];
  for (const s of sessions) {
    const last = groups.at(-1);
    if (last && last.start === s.starts_at) last.items.push(s);
    else groups.push({ start: s.starts_at, items: [s] });
  }
  return groups;
}

export const isLive = (s: Timed, now: number) => !s.cancelled && Date.parse(s.starts_at) <= now && now < Date.parse(s.ends_at);
export const hasStarted = (s: Pick<Timed, 'starts_at'>, now: number) => Date.parse(s.starts_at) <= now;
export const minutesOf = (s: Timed) => Math.round((Date.parse(s.ends_at) - Date.parse(s.starts_at)) / 60_000);

/** A value for <input type="datetime-local"> of an instant, in local time. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
