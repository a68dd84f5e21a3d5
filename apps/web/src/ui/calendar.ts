/**
 * Rules of the session calendar (spec 1 §4 "Calendar", §9): days are local calendar strings
 * ('YYYY-MM-DD', months 'YYYY-MM'), never Date objects in the local zone, so no time zone can shift
 * a day. Arithmetic goes through UTC dates, which have no daylight-saving gaps.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const fromUtc = (d: Date) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Whether `s` is a real day written 'YYYY-MM-DD' (2024-02-30 is not). */
export function isDay(s: string): boolean {
  const m = DAY.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return fromUtc(d) === s;
}

/** The local calendar day of `now` (the device's zone), as 'YYYY-MM-DD'. */
export function todayString(now: Date = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The local calendar day 'YYYY-MM-DD' of an instant (an ISO string or a Date), in the browser's time zone. */
export function localDay(at: string | Date): string {
  return todayString(typeof at === 'string' ? new Date(at) : at);
}

/** The instants a local calendar day spans, [its midnight, the next midnight) (DST-safe); null for no day. */
export function dayRange(day: string): { from: string; to: string } | null {
  if (!isDay(day)) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { from: new Date(y, m - 1, d).toISOString(), to: new Date(y, m - 1, d + 1).toISOString() };
}

/** The local calendar days ('YYYY-MM-DD', sorted, each once) of instants in ms: the browser's own time zone, no Intl. */
export function localDays(instants: readonly number[]): string[] {
  return [...new Set(instants.map((ms) => todayString(new Date(ms))))].sort();
}

/**
 * How many items start on each local day, from distinct start instants and their counts (the
 * overviews' `starts` and `start_counts`): the calendars name a day "Tuesday, 10 March 2026, 3 sessions".
 */
export function localDayCounts(instants: readonly number[], counts: readonly number[] = []): Map<string, number> {
  const out = new Map<string, number>();
  instants.forEach((ms, i) => {
    const day = todayString(new Date(ms));
    out.set(day, (out.get(day) ?? 0) + (counts[i] ?? 1));
  });
  return out;
}

/**
 * A day's full name for screen readers, in the reader's language ("Tuesday, 10 March 2026"), from
 * the widgets' translated names (no Intl: see lib/format.ts).
 */
export function dayName(day: string, t: (key: string, vars?: Record<string, unknown>) => string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = t('widgets.calendar.weekdays').split('|')[(new Date(y, m - 1, d).getDay() + 6) % 7] ?? '';
  const month = t('widgets.calendar.monthsOfDay').split('|')[m - 1] ?? String(m);
  return t('widgets.calendar.dayName', { weekday, day: d, month, year: y });
}

/** 'YYYY-MM' of a day. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** The day `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return fromUtc(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + n)));
}

/** The month `n` months after `month` ('YYYY-MM'). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  return fromUtc(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1 + n, 1))).slice(0, 7);
}

/** Year and month index (0–11) of 'YYYY-MM', for month names. */
export function monthParts(month: string): { year: number; monthIndex: number } {
  const m = MONTH.exec(month);
  return { year: Number(m?.[1] ?? 1970), monthIndex: Number(m?.[2] ?? 1) - 1 };
}

/** Distinct valid days, sorted (strings in this form sort as dates). */
function sortedDays(dates: readonly string[]): string[] {
  return [...new Set(dates.filter(isDay))].sort();
}

/**
 * The day the calendar opens on: the preselected day if given, else the nearest session day from
 * today on, else the latest past one; null without session days.
 */
export function initialDay(dates: string[], preselected: string | null, today: string): string | null {
  if (preselected) return preselected;
  const days = sortedDays(dates);
  return days.find((d) => d >= today) ?? days.at(-1) ?? null;
}

/** The 42 days (6 weeks, Monday first) shown for `month`, starting on the Monday on or before its first day. */
export function monthGrid(month: string): string[] {
  const { year, monthIndex } = monthParts(month);
  const first = new Date(Date.UTC(year, monthIndex, 1));
  // getUTCDay: 0 is Sunday; days back to Monday.
  const back = (first.getUTCDay() + 6) % 7;
  const start = addDays(fromUtc(first), -back);
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

/** The months ('YYYY-MM') the navigation may step within: from the first to the last session's month. */
export function monthRange(dates: string[]): { first: string; last: string } | null {
  const days = sortedDays(dates);
  const first = days[0];
  const last = days.at(-1);
  return first && last ? { first: monthOf(first), last: monthOf(last) } : null;
}

/**
 * Where a key moves the focus from `day` in the grid: arrows by a day or a week, Home/End to the
 * week's Monday/Sunday, PageUp/PageDown to the 1st of the previous/next month; null for other keys.
 */
export function keyTarget(day: string, key: string): string | null {
  const [y, m, d] = day.split('-').map(Number);
  const weekday = (new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).getUTCDay() + 6) % 7; // Monday 0
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekday);
    case 'End':
      return addDays(day, 6 - weekday);
    case 'PageUp':
      return `${addMonths(monthOf(day), -1)}-01`;
    case 'PageDown':
      return `${addMonths(monthOf(day), 1)}-01`;
    default:
      return null;
  }
}
