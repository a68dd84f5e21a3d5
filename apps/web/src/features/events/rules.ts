/** Pure rules of the events screens (unit-tested in rules.test.ts). */

type T = (key: string, vars?: Record<string, unknown>) => string;

/** Whole minutes between two instants (never negative). */
export function minutesBetween(startIso: string, endIso: string): number {
  return Math.max(0, Math.round((new Date(endIso).getTime() - new Date(startIso).getTime()) / 60_000));
}

/** "2 h 30 min", "45 min", "3 h" in the reader's language. */
export function durationText(minutes: number, t: T): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts: string[] = [];
  if (h > 0) parts.push(t('events.duration.hours', { h }));
  if (m > 0 || h === 0) parts.push(t('events.duration.minutes', { m }));
  return parts.join(' ');
}

/**
 * The list's "Upcoming events": the events not over at this minute (the server keeps those ending
 * after `from`), so one that ended earlier today is not among them. Whole minutes keep the query's
 * key (and the server's answer) the same for a minute.
 */
export function upcomingFrom(now: Date = new Date()): string {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
}

/**
 * "Show upcoming event": the first day having events after the chosen day (after today when none
 * is chosen or the chosen one is in the past); null when no event comes later.
 */
export function upcomingDay(dates: readonly string[], selected: string | null, today: string): string | null {
  const sorted = [...dates].sort();
  if (selected && selected >= today) return sorted.find((d) => d > selected) ?? null;
  return sorted.find((d) => d >= today) ?? null;
}

/** Google Maps search of a place, opened in a new tab. */
export const mapsUrl = (location: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`;

/** The join link's text around its URL, so the URL alone becomes a link. */
export function splitJoinLink(text: string, url: string): [before: string, link: string, after: string] {
  const i = text.indexOf(url);
  if (i < 0) return [`${text} `, url, ''];
  return [text.slice(0, i), url, text.slice(i + url.length)];
}

export interface EventState {
  ends_at: string;
  registered: boolean;
  places_left: number | null;
  cancelled?: boolean;
  registration_closed?: boolean;
  registration_opens_at?: string | null;
  registration_closes_at?: string | null;
}

/**
 * What the register button may do now: a cancelled event, closed registration and a window not
 * open yet or gone refuse registering (a registered member may still leave).
 */
export function registerState(e: EventState, now: number): 'over' | 'cancelled' | 'registered' | 'closed' | 'notYet' | 'full' | 'open' {
  if (new Date(e.ends_at).getTime() <= now) return 'over';
  if (e.cancelled) return 'cancelled';
  if (e.registered) return 'registered';
  if (e.registration_closed) return 'closed';
  if (e.registration_closes_at && new Date(e.registration_closes_at).getTime() <= now) return 'closed';
  if (e.registration_opens_at && new Date(e.registration_opens_at).getTime() > now) return 'notYet';
  if (e.places_left !== null && e.places_left <= 0) return 'full';
  return 'open';
}
