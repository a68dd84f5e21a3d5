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

export function icsCalendar(sessions: readonly PublicSession[], o: IcsOptions): string {
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
  for (const s of sessions) {
    const speakers = s.speakers.map((p) => p.name).join(', ');
    const description = [speakers, s.track?.name ?? ''].filter(Boolean).join('\n');
    lines.push(
      'BEGIN:VEVENT',
      `UID:agenda-session-${s.id}@${o.uidDomain}`,
      `DTSTAMP:${now}`,
      `DTSTART:${stamp(s.starts_at)}`,
      `DTEND:${stamp(s.ends_at)}`,
      `SEQUENCE:${s.version}`,
      `STATUS:${s.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
      `SUMMARY:${escapeText(s.title)}`,
    );
    if (s.location) lines.push(`LOCATION:${escapeText(s.location)}`);
    if (description) lines.push(`DESCRIPTION:${escapeText(description)}`);
    if (o.urlOf) lines.push(`URL:${o.urlOf(s)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
