/**
 * Wall times in IANA time zones, with Intl only (no time zone database of our own). Sources give
 * local times ("10:00 in Europe/Berlin"); the model holds instants.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter for this zone, or undefined when Intl does not know the zone. Cached: a file names few zones. */
function formatter(timeZone: string): Intl.DateTimeFormat | undefined {
  const known = formatters.get(timeZone);
  if (known) return known;
  let f: Intl.DateTimeFormat;
  try {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  } catch {
    return undefined;
  }
  // Only valid names reach the cache, and there are a few hundred of them.
  formatters.set(timeZone, f);
  return f;
}

export const isTimeZone = (value: string): boolean => value.length > 0 && value.length <= 64 && formatter(value) !== undefined;

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall time of an instant in a zone (the zone must be valid). */
export function wallTime(instant: Date, timeZone: string): WallTime {
  const f = formatter(timeZone);
  if (!f) throw new Error(`unknown time zone ${timeZone}`);
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const wallMs = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** The zone's offset from UTC at an instant, in ms. */
const offsetAt = (t: number, timeZone: string) => wallMs(wallTime(new Date(t), timeZone)) - Math.floor(t / 1000) * 1000;

const DAY = 86_400_000;

/**
 * The instant a wall time in a zone means. Of two (clocks set back) the earlier; a wall time the
 * zone skips (clocks set forward) moves forward by the gap, as calendars do: 02:30 on the night
 * Berlin springs forward is 03:30 summer time.
 */
export function zonedToUtc(w: WallTime, timeZone: string): Date {
  const target = wallMs(w);
  // Offsets a day apart bracket any single transition near this wall time.
  const before = offsetAt(target - DAY, timeZone);
  const after = offsetAt(target + DAY, timeZone);
  const candidates = [target - before, target - after].sort((a, b) => a - b);
  for (const t of candidates) if (wallMs(wallTime(new Date(t), timeZone)) === target) return new Date(t);
  // In a gap: the offset before the change, which lands after the gap.
  return new Date(target - before);
}

const digits = (s: string) => s.length > 0 && [...s].every((c) => c >= '0' && c <= '9');

/** `YYYY-MM-DD` → parts, or undefined. */
export function parseDate(value: string): { year: number; month: number; day: number } | undefined {
  const v = value.trim();
  if (v.length !== 10 || v[4] !== '-' || v[7] !== '-') return undefined;
  const [y, m, d] = [v.slice(0, 4), v.slice(5, 7), v.slice(8, 10)];
  if (!digits(y) || !digits(m) || !digits(d)) return undefined;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  // Date.UTC rolls 31 February over into March: the round trip tells a real date.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (year < 1970 || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** `HH:MM` or `HH:MM:SS` (24 h) → parts, or undefined. */
export function parseTime(value: string): { hour: number; minute: number; second: number } | undefined {
  const v = value.trim();
  const parts = v.split(':');
  if (parts.length < 2 || parts.length > 3 || !parts.every((p) => p.length === 2 && digits(p))) {
    // 9:30 is as common as 09:30 in spreadsheets.
    if (!(parts.length === 2 && parts[0]?.length === 1 && digits(parts[0]) && parts[1]?.length === 2 && digits(parts[1]))) return undefined;
  }
  const [hour, minute, second] = [Number(parts[0]), Number(parts[1]), Number(parts[2] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return { hour, minute, second };
}

/**
 * An ISO 8601 date-time: `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM|±HHMM]` (a space for the T too).
 * Without an offset it is a wall time in `timeZone`. Undefined when it is none of these.
 */
export function parseDateTime(value: string, timeZone: string): Date | undefined {
  const v = value.trim();
  if (v.length < 16 || v.length > 40) return undefined;
  const date = parseDate(v.slice(0, 10));
  if (!date || (v[10] !== 'T' && v[10] !== 't' && v[10] !== ' ')) return undefined;
  let rest = v.slice(11);
  let offset: number | undefined;
  const last = rest[rest.length - 1];
  if (last === 'Z' || last === 'z') {
    offset = 0;
    rest = rest.slice(0, -1);
  } else {
    const sign = Math.max(rest.lastIndexOf('+'), rest.lastIndexOf('-'));
    if (sign >= 0) {
      const o = rest.slice(sign + 1).replace(':', '');
      if (o.length !== 4 || !digits(o)) return undefined;
      const minutes = Number(o.slice(0, 2)) * 60 + Number(o.slice(2));
      if (Number(o.slice(2)) > 59 || minutes > 18 * 60) return undefined;
      offset = (rest[sign] === '-' ? -1 : 1) * minutes * 60_000;
      rest = rest.slice(0, sign);
    }
  }
  // Fractions of a second are dropped: a schedule is to the minute.
  const dot = rest.indexOf('.');
  if (dot >= 0) {
    if (!digits(rest.slice(dot + 1))) return undefined;
    rest = rest.slice(0, dot);
  }
  const time = parseTime(rest);
  if (!time || rest.length < 5) return undefined;
  const wall = { ...date, ...time };
  return offset === undefined ? zonedToUtc(wall, timeZone) : new Date(wallMs(wall) - offset);
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** `YYYY-MM-DD` of an instant in a zone. */
export function localDate(instant: Date, timeZone: string): string {
  const w = wallTime(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** `HH:MM` of an instant in a zone. */
export function localTime(instant: Date, timeZone: string): string {
  const w = wallTime(instant, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** `YYYY-MM-DDTHH:MM:SS±HH:MM` of an instant in a zone (what Frab's <date> holds). */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const w = wallTime(instant, timeZone);
  const offset = Math.round((wallMs(w) - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** `H:MM` / `HH:MM` / `HH:MM:SS` as a duration in ms (hours may pass 23), or undefined. */
export function parseDuration(value: string): number | undefined {
  const parts = value.trim().split(':');
  if (parts.length < 2 || parts.length > 3) return undefined;
  const [h, m, s] = parts;
  if (!h || h.length > 3 || !digits(h) || m?.length !== 2 || !digits(m) || (s !== undefined && (s.length !== 2 || !digits(s))))
    return undefined;
  if (Number(m) > 59 || Number(s ?? 0) > 59) return undefined;
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s ?? 0)) * 1000;
}

/** A duration as `HH:MM` (Frab's <duration>). */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
