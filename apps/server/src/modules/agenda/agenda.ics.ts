import type { PublicSession } from '@app/contract/schemas/agenda';

/**
 * iCalendar (RFC 5545) of agenda sessions. Each session keeps one UID, and its SEQUENCE is the
 * session's version, so a calendar that imported or subscribed replaces the event when it moves and
 * shows it cancelled (STATUS:CANCELLED) rather than losing it.
 */

/** Control characters have no place in a TEXT value: each becomes a space (line feeds stay, escaped below). */
function withoutControls(value: string): string {
  let out = '';
  for (const ch of value) {
    const n = ch.charCodeAt(0);
    out += n !== 10 && (n < 32 || n === 127) ? ' ' : ch;
  }
  return out;
}

/** TEXT value escaping (§3.3.11): backslash, semicolon, comma, newlines. */
export function escapeText(value: string): string {
  return withoutControls(value.replace(/\r\n|\r|\u2028|\u2029|\u0085/g, '\n'))
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (§3.1), never inside a UTF-8 sequence. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export interface IcsOptions {
  /** The calendar's name (the app and agenda). */
  name: string;
  /** Makes UIDs unique across apps (the app's key). */
  uidDomain: string;
  /** The session's page in the app, by id. */
  urlOf?: (s: PublicSession) => string;
  now?: Date;
}

/**
 * One event of a calendar file, whatever its source: a session of the agenda, or another module's
 * entry that joins the member's feed (an accepted 1:1 meeting, `networking.ics.ts`).
 */
export interface IcsEvent {
  /** Stable across changes: the calendar replaces the event it holds. */
  uid: string;
  start: string;
  end: string;
  /** +1 on each change. */
  sequence: number;
  cancelled: boolean;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
}

const sessionEvent = (s: PublicSession, o: IcsOptions): IcsEvent => ({
  uid: `agenda-session-${s.id}@${o.uidDomain}`,
  start: s.starts_at,
  end: s.ends_at,
  sequence: s.version,
  cancelled: s.cancelled,
  summary: s.title,
  location: s.location,
  description: [s.speakers.map((p) => p.name).join(', '), s.track?.name ?? ''].filter(Boolean).join('\n'),
  ...(o.urlOf ? { url: o.urlOf(s) } : {}),
});

/** The calendar of these sessions, and of `extra` events of other modules (after the sessions). */
export function icsCalendar(sessions: readonly PublicSession[], o: IcsOptions, extra: readonly IcsEvent[] = []): string {
  const now = stamp((o.now ?? new Date()).toISOString());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Open Event App//Agenda//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(o.name)}`,
    // Subscribers refresh about hourly: a moved session reaches them without a new export.
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const e of [...sessions.map((s) => sessionEvent(s, o)), ...extra]) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${now}`,
      `DTSTART:${stamp(e.start)}`,
      `DTEND:${stamp(e.end)}`,
      `SEQUENCE:${e.sequence}`,
      `STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
      `SUMMARY:${escapeText(e.summary)}`,
    );
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.url) lines.push(`URL:${e.url}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
