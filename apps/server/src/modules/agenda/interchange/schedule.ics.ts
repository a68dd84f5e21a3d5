import { isTimeZone, zonedToUtc } from '../../../lib/zoned-time.ts';
import { escapeText, foldLine } from '../agenda.ics.ts';
import {
  decodeUtf8,
  failure,
  SCHEDULE_LIMITS as L,
  type ParseResult,
  Problems,
  placeSession,
  type Schedule,
  type Session,
} from './schedule.model.ts';
import { WINDOWS_ZONES } from './schedule.windows-zones.ts';

/**
 * iCalendar (RFC 5545) in and out: each VEVENT with a date-time start is a session (UID → key,
 * SUMMARY → title, LOCATION → room, first CATEGORIES value → track). ATTENDEE and ORGANIZER are
 * invitees, not speakers: ignored. Recurrence is not expanded (an agenda has single sessions).
 */

interface ContentLine {
  /** 1-based physical line where the (unfolded) content line starts. */
  line: number;
  name: string;
  params: Map<string, string>;
  value: string;
}

/** Unfolds lines (§3.1: a line break followed by a space or tab continues the line). */
function* contentLines(text: string): Generator<{ line: number; text: string }> {
  let current: { line: number; text: string } | undefined;
  let line = 0;
  let from = 0;
  while (from <= text.length) {
    let to = text.indexOf('\n', from);
    if (to < 0) to = text.length;
    line++;
    let physical = text.slice(from, to);
    if (physical.endsWith('\r')) physical = physical.slice(0, -1);
    from = to + 1;
    if (current && (physical[0] === ' ' || physical[0] === '\t')) current.text += physical.slice(1);
    else {
      if (current?.text) yield current;
      current = { line, text: physical };
    }
  }
  if (current?.text) yield current;
}

/** `NAME;P=V;Q="a:b":value`, scanned character by character (quoted parameter values may hold `:` and `;`). */
function splitLine(line: number, text: string): ContentLine | undefined {
  let i = 0;
  while (i < text.length && text[i] !== ';' && text[i] !== ':') i++;
  const name = text.slice(0, i).trim().toUpperCase();
  const params = new Map<string, string>();
  while (text[i] === ';') {
    const start = ++i;
    while (i < text.length && text[i] !== '=' && text[i] !== ';' && text[i] !== ':') i++;
    const key = text.slice(start, i).trim().toUpperCase();
    let value = '';
    if (text[i] === '=') {
      i++;
      while (i < text.length && text[i] !== ';' && text[i] !== ':') {
        if (text[i] === '"') {
          const close = text.indexOf('"', i + 1);
          if (close < 0) return undefined;
          value += text.slice(i + 1, close);
          i = close + 1;
        } else value += text[i++];
      }
    }
    params.set(key, value);
  }
  if (text[i] !== ':' || !name) return undefined;
  return { line, name, params, value: text.slice(i + 1) };
}

/** TEXT values (§3.3.11): `\\ \; \, \n \N`; a lone backslash before anything else keeps that character. */
function unescapeText(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c !== '\\' || i === value.length - 1) {
      out += c;
      continue;
    }
    const next = value[++i];
    out += next === 'n' || next === 'N' ? '\n' : next;
  }
  return out;
}

/** The first value of a list property (CATEGORIES): up to the first unescaped comma. */
function firstListValue(value: string): string {
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '\\') i++;
    else if (value[i] === ',') return value.slice(0, i);
  }
  return value;
}

const digits = (s: string) => s.length > 0 && [...s].every((c) => c >= '0' && c <= '9');

/**
 * An IANA zone for a TZID: as is, a common Windows name, or the Area/City tail of prefixed ids
 * some calendars write (`/freeassociation.sourceforge.net/Europe/Berlin`). Undefined otherwise.
 */
function ianaZone(tzid: string): string | undefined {
  const id = tzid.trim();
  if (isTimeZone(id)) return id;
  const windows = Object.hasOwn(WINDOWS_ZONES, id) ? WINDOWS_ZONES[id] : undefined;
  if (windows && isTimeZone(windows)) return windows;
  const parts = id.split('/').filter(Boolean);
  for (const n of [3, 2]) {
    const tail = parts.slice(-n).join('/');
    if (parts.length >= n && isTimeZone(tail)) return tail;
  }
  return undefined;
}

type When = { kind: 'date' } | { kind: 'time'; at: Date } | { kind: 'bad' } | { kind: 'zone'; zone: string };

/** DTSTART/DTEND: `YYYYMMDD` (all day), `YYYYMMDDTHHMMSS` with `Z`, TZID or floating (`floatZone`). */
function parseWhen(p: ContentLine, floatZone: string): When {
  const v = p.value.trim();
  if (p.params.get('VALUE')?.toUpperCase() === 'DATE' || (v.length === 8 && digits(v))) return { kind: 'date' };
  const utc = v.endsWith('Z') || v.endsWith('z');
  const body = utc ? v.slice(0, -1) : v;
  if (body.length !== 15 || body[8] !== 'T' || !digits(body.slice(0, 8)) || !digits(body.slice(9))) return { kind: 'bad' };
  const w = {
    year: Number(body.slice(0, 4)),
    month: Number(body.slice(4, 6)),
    day: Number(body.slice(6, 8)),
    hour: Number(body.slice(9, 11)),
    minute: Number(body.slice(11, 13)),
    second: Number(body.slice(13, 15)),
  };
  const check = new Date(Date.UTC(w.year, w.month - 1, w.day));
  if (w.year < 1970 || check.getUTCMonth() !== w.month - 1 || check.getUTCDate() !== w.day || w.hour > 23 || w.minute > 59 || w.second > 60)
    return { kind: 'bad' };
  if (utc) return { kind: 'time', at: new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, Math.min(w.second, 59))) };
  const tzid = p.params.get('TZID');
  const zone = tzid === undefined ? floatZone : ianaZone(tzid);
  if (!zone) return { kind: 'zone', zone: (tzid ?? '').slice(0, 64) };
  return { kind: 'time', at: zonedToUtc({ ...w, second: Math.min(w.second, 59) }, zone) };
}

/** DURATION (§3.3.6): `[+]P[nW][nD][T[nH][nM][nS]]` in ms; undefined when malformed or negative. */
function parseIcsDuration(value: string): number | undefined {
  let v = value.trim().toUpperCase();
  if (v[0] === '+') v = v.slice(1);
  if (v[0] !== 'P' || v.length < 3 || v.length > 40) return undefined;
  const unit: Record<string, number> = { W: 604_800_000, D: 86_400_000, H: 3_600_000, M: 60_000, S: 1000 };
  let ms = 0;
  let number = '';
  let inTime = false;
  let any = false;
  for (const c of v.slice(1)) {
    if (c >= '0' && c <= '9') number += c;
    else if (c === 'T' && !inTime && !number) inTime = true;
    else {
      const size = unit[c];
      // M is minutes only after T; W and D only before it.
      if (!size || !number || (c === 'M' && !inTime) || ((c === 'W' || c === 'D') && inTime) || ((c === 'H' || c === 'S') && !inTime))
        return undefined;
      ms += Number(number) * size;
      number = '';
      any = true;
    }
  }
  return any && !number ? ms : undefined;
}

const MAX_NESTING = 8;

/** Reads an iCalendar file; floating times are wall times in `opts.timeZone`. */
export function parseScheduleIcs(data: Buffer, opts: { timeZone: string }): ParseResult {
  if (data.length > L.maxBytes) return failure(1, 'tooLarge', { max: '10 MB' });
  const text = decodeUtf8(data);
  if (text === undefined) return failure(1, 'notText');
  if (!isTimeZone(opts.timeZone)) return failure(1, 'unknownTimeZone', { zone: opts.timeZone.slice(0, 64) });
  const p = new Problems();
  const schedule: Schedule = { timeZone: opts.timeZone, tracks: [], rooms: [], speakers: [], sessions: [] };
  const tracks = new Map<string, { key: string; name: string }>();
  const rooms = new Map<string, { key: string; name: string }>();
  const seen = new Map<string, number>();
  const stack: Array<{ name: string; line: number }> = [];
  let event: ContentLine[] | undefined;
  let eventLine = 0;
  let sawCalendar = false;

  const finishEvent = (props: ContentLine[], line: number) => {
    const one = (name: string) => props.find((x) => x.name === name);
    if (one('RECURRENCE-ID')) {
      // An override of one occurrence of a repeating event: the agenda holds the event once.
      p.warn(line, 'RECURRENCE-ID', 'recurrenceIgnored');
      return;
    }
    const dtstart = one('DTSTART');
    const start = dtstart ? parseWhen(dtstart, opts.timeZone) : undefined;
    if (start?.kind === 'date') {
      p.warn(dtstart?.line ?? line, 'DTSTART', 'allDaySkipped');
      return;
    }
    let ok = true;
    const bad = (at: number, column: string, key: string, params?: Record<string, string | number>) => {
      ok = false;
      p.error(at, column, key, params);
    };
    /** The property's text; undefined when too long (reported here). */
    const textOf = (name: string, max: number): string | undefined => {
      const prop = one(name);
      if (!prop) return '';
      const v = unescapeText(name === 'CATEGORIES' ? firstListValue(prop.value) : prop.value).trim();
      if (v.length <= max) return v;
      bad(prop.line, name, 'tooLong', { max });
      return undefined;
    };
    const uid = textOf('UID', L.shortMax);
    const uidLine = one('UID')?.line ?? line;
    if (uid === '') bad(uidLine, 'UID', 'required');
    else if (uid !== undefined) {
      const earlier = seen.get(uid);
      if (earlier !== undefined) bad(uidLine, 'UID', 'duplicateId', { line: earlier });
      else seen.set(uid, uidLine);
    }
    const title = textOf('SUMMARY', L.titleMax);
    if (title === '') bad(one('SUMMARY')?.line ?? line, 'SUMMARY', 'required');
    const description = textOf('DESCRIPTION', L.descriptionMax);
    const room = textOf('LOCATION', L.nameMax);
    const track = textOf('CATEGORIES', L.nameMax);
    if (one('RRULE') || one('RDATE')) p.warn(one('RRULE')?.line ?? line, 'RRULE', 'recurrenceIgnored');

    let from: Date | undefined;
    if (!dtstart || !start) bad(line, 'DTSTART', 'required');
    else if (start.kind === 'bad') bad(dtstart.line, 'DTSTART', 'badDateTime', { value: dtstart.value.slice(0, 40) });
    else if (start.kind === 'zone') bad(dtstart.line, 'DTSTART', 'unknownTimeZone', { zone: start.zone });
    else if (start.kind === 'time') from = start.at;
    let to: Date | undefined;
    const dtend = one('DTEND');
    const duration = one('DURATION');
    if (dtend) {
      const end = parseWhen(dtend, opts.timeZone);
      if (end.kind === 'time') to = end.at;
      else if (end.kind === 'zone') bad(dtend.line, 'DTEND', 'unknownTimeZone', { zone: end.zone });
      else bad(dtend.line, 'DTEND', 'badDateTime', { value: dtend.value.slice(0, 40) });
    } else if (duration) {
      const ms = parseIcsDuration(duration.value);
      if (ms === undefined) bad(duration.line, 'DURATION', 'badDuration', { value: duration.value.slice(0, 40) });
      else if (from) to = new Date(from.getTime() + ms);
    } else bad(line, 'DTEND', 'required');
    if (from && to && to.getTime() <= from.getTime())
      bad((dtend ?? duration)?.line ?? line, dtend ? 'DTEND' : 'DURATION', 'endBeforeStart');

    if (!ok || !from || !to || !uid || !title) return;
    const session: Session = { key: uid, title, start: from, end: to, speakerKeys: [] };
    if (description) session.description = description;
    placeSession(session, { room, track }, rooms, tracks);
    schedule.sessions.push(session);
  };

  for (const { line, text: raw } of contentLines(text)) {
    if (p.full) break;
    const cl = splitLine(line, raw);
    if (!cl) {
      if (!sawCalendar) return failure(line, 'unknownFormat');
      // A stray line inside an event is that event's problem; elsewhere a malformed file.
      p.error(line, undefined, 'icsMalformed');
      continue;
    }
    if (!sawCalendar) {
      if (cl.name !== 'BEGIN' || cl.value.trim().toUpperCase() !== 'VCALENDAR') return failure(line, 'unknownFormat');
      sawCalendar = true;
    }
    if (cl.name === 'BEGIN') {
      const name = cl.value.trim().toUpperCase();
      if (stack.length >= MAX_NESTING) return failure(line, 'icsMalformed');
      stack.push({ name, line });
      if (name === 'VEVENT' && stack.length === 2) {
        event = [];
        eventLine = line;
        if (schedule.sessions.length >= L.maxSessions) return failure(line, 'tooManyRows', { max: L.maxSessions });
      }
      continue;
    }
    if (cl.name === 'END') {
      const name = cl.value.trim().toUpperCase();
      const open = stack.pop();
      if (!open || open.name !== name) return failure(line, 'icsMalformed');
      if (name === 'VEVENT' && event && stack.length === 1) {
        finishEvent(event, eventLine);
        event = undefined;
      }
      continue;
    }
    if (stack.length === 2 && event) event.push(cl);
    else if (stack.length === 1 && cl.name === 'X-WR-CALNAME') {
      const title = unescapeText(cl.value).trim();
      if (title) schedule.title = title.slice(0, L.titleMax);
    }
  }
  if (!sawCalendar) return failure(1, 'unknownFormat');
  const open = stack[stack.length - 1];
  if (open) p.error(open.line, open.name, 'unclosed', { column: open.name });
  schedule.tracks = [...tracks.values()];
  schedule.rooms = [...rooms.values()];
  return p.result(schedule);
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The schedule as iCalendar, times in UTC. Speakers, language, type and capacity have no place here. */
export function writeScheduleIcs(s: Schedule, now: Date = new Date()): string {
  const tracks = new Map(s.tracks.map((t) => [t.key, t.name]));
  const rooms = new Map(s.rooms.map((r) => [r.key, r.name]));
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Open Event App//Agenda export//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (s.title) lines.push(`X-WR-CALNAME:${escapeText(s.title)}`);
  if (s.timeZone) lines.push(`X-WR-TIMEZONE:${escapeText(s.timeZone)}`);
  for (const x of s.sessions) {
    lines.push('BEGIN:VEVENT', `UID:${escapeText(x.key)}`, `DTSTAMP:${stamp(now)}`, `DTSTART:${stamp(x.start)}`, `DTEND:${stamp(x.end)}`);
    lines.push(`SUMMARY:${escapeText(x.title)}`);
    if (x.description) lines.push(`DESCRIPTION:${escapeText(x.description)}`);
    const room = x.roomKey ? rooms.get(x.roomKey) : undefined;
    if (room) lines.push(`LOCATION:${escapeText(room)}`);
    const track = x.trackKey ? tracks.get(x.trackKey) : undefined;
    if (track) lines.push(`CATEGORIES:${escapeText(track)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
