import { SaxesParser, type SaxesTagPlain } from 'saxes';
import {
  formatDuration,
  isoWithOffset,
  isTimeZone,
  localDate,
  localTime,
  parseDate,
  parseDateTime,
  parseDuration,
} from '../../../lib/zoned-time.ts';
import {
  decodeUtf8,
  failure,
  SCHEDULE_LIMITS as L,
  normaliseColor,
  type ParseResult,
  Problems,
  placeSession,
  type Schedule,
  type Session,
} from './schedule.model.ts';

/**
 * The Frab/Pentabarf schedule XML that pretalx, frab and others export:
 * `<schedule><conference>…</conference><day date><room name><event guid id><date><start>
 * <duration><room><title><track><type><language><abstract><description><persons><person id>`.
 * Read with saxes, which expands no entities and loads nothing; a DOCTYPE is refused outright
 * (no XXE, no entity bombs), depth and element count are bounded.
 */

const MAX_DEPTH = 32;
/** 5,000 sessions of about 30 elements each, with room to spare; an element takes at least 4 bytes anyway. */
const MAX_ELEMENTS = 400_000;

/** Thrown from a saxes handler to stop at once: the parser would otherwise read on. */
class Stop {
  constructor(
    readonly line: number,
    readonly key: string,
    readonly params?: Record<string, string | number>,
  ) {}
}

/** Event children whose text we keep, with their length limits. */
const FIELDS: Record<string, number> = {
  date: 40,
  start: 10,
  duration: 12,
  room: L.nameMax,
  title: L.titleMax,
  track: L.nameMax,
  type: L.shortMax,
  language: L.shortMax,
  abstract: L.descriptionMax,
  description: L.descriptionMax,
};

interface OpenEvent {
  line: number;
  key: string;
  keyColumn: string;
  dayDate: string;
  roomName: string;
  fields: Map<string, { text: string; line: number }>;
  persons: Array<{ key: string; name: string }>;
}

const attr = (tag: SaxesTagPlain, name: string) => (tag.attributes[name] ?? '').trim();

/**
 * Reads a Frab schedule XML. Its `<date>`s carry offsets; a time without one is in the conference's
 * `<time_zone_name>`, else `opts.timeZone`, else UTC.
 */
export function parseScheduleFrab(data: Buffer, opts: { timeZone?: string } = {}): ParseResult {
  if (data.length > L.maxBytes) return failure(1, 'tooLarge', { max: '10 MB' });
  const text = decodeUtf8(data);
  if (text === undefined) return failure(1, 'notText');

  const p = new Problems();
  const schedule: Schedule = { tracks: [], rooms: [], speakers: [], sessions: [] };
  const trackColors = new Map<string, string>();
  const tracks = new Map<string, { key: string; name: string }>();
  const rooms = new Map<string, { key: string; name: string }>();
  const speakers = new Map<string, { key: string; name: string }>();
  const seen = new Map<string, number>();
  const stack: string[] = [];
  let elements = 0;
  let textBuffer = '';
  let dayDate = '';
  let roomName = '';
  let event: OpenEvent | undefined;
  let person: { key: string; line: number } | undefined;
  let zone = opts.timeZone && isTimeZone(opts.timeZone) ? opts.timeZone : 'UTC';

  const parser = new SaxesParser({ xmlns: false, position: true });
  parser.on('doctype', () => {
    // saxes reports it at its end: the line where it starts is the one to show.
    const at = text.indexOf('<!DOCTYPE');
    let line = 1;
    for (let i = 0; i < at; i++) if (text.charCodeAt(i) === 10) line++;
    throw new Stop(line, 'xmlDoctype');
  });
  parser.on('error', (err) => {
    throw new Stop(parser.line, 'xmlMalformed', { reason: err.message.replace(/^[^:]*:\d+:\d+: /, '').slice(0, 120) });
  });
  parser.on('text', (t) => {
    // Only leaf values matter; a 10 MB text node outside them is not kept.
    if (textBuffer.length <= L.descriptionMax) textBuffer += t;
  });
  parser.on('cdata', (t) => {
    if (textBuffer.length <= L.descriptionMax) textBuffer += t;
  });
  parser.on('opentag', (tag) => {
    const line = parser.line;
    if (++elements > MAX_ELEMENTS) throw new Stop(line, 'xmlTooManyElements', { max: MAX_ELEMENTS });
    if (stack.length >= MAX_DEPTH) throw new Stop(line, 'xmlTooDeep', { max: MAX_DEPTH });
    if (!stack.length && tag.name !== 'schedule') throw new Stop(line, 'unknownFormat');
    const parent = stack[stack.length - 1];
    stack.push(tag.name);
    textBuffer = '';
    if (tag.name === 'track' && (parent === 'conference' || parent === 'tracks')) {
      // pretalx lists the tracks with their colours in the conference.
      const name = attr(tag, 'name');
      const color = normaliseColor(attr(tag, 'color'));
      if (name && color && !trackColors.has(name)) trackColors.set(name, color);
    } else if (tag.name === 'day' && parent === 'schedule') dayDate = attr(tag, 'date');
    else if (tag.name === 'room' && parent === 'day') roomName = attr(tag, 'name');
    else if (tag.name === 'event' && parent === 'room') {
      if (schedule.sessions.length >= L.maxSessions) throw new Stop(line, 'tooManyRows', { max: L.maxSessions });
      const guid = attr(tag, 'guid');
      event = {
        line,
        key: guid || attr(tag, 'id'),
        keyColumn: guid ? 'guid' : 'id',
        dayDate,
        roomName,
        fields: new Map(),
        persons: [],
      };
    } else if (tag.name === 'person' && parent === 'persons' && event) {
      person = { key: attr(tag, 'id') || attr(tag, 'code') || attr(tag, 'guid'), line };
    }
  });
  parser.on('closetag', (tag) => {
    stack.pop();
    const parent = stack[stack.length - 1];
    const value = textBuffer.trim();
    textBuffer = '';
    if (parent === 'conference' && tag.name === 'title' && value) schedule.title = value.slice(0, L.titleMax);
    else if (parent === 'conference' && tag.name === 'time_zone_name' && isTimeZone(value)) zone = value;
    else if (event && parent === 'event' && FIELDS[tag.name] !== undefined) event.fields.set(tag.name, { text: value, line: parser.line });
    else if (event && person && tag.name === 'person') {
      if (value.length > L.nameMax) p.error(person.line, 'person', 'tooLong', { max: L.nameMax });
      else if (value) event.persons.push({ key: person.key || value, name: value });
      person = undefined;
    } else if (event && tag.name === 'event') {
      finishEvent(event);
      event = undefined;
    }
  });

  const finishEvent = (e: OpenEvent) => {
    let ok = true;
    const bad = (line: number, column: string, key: string, params?: Record<string, string | number>) => {
      ok = false;
      p.error(line, column, key, params);
    };
    const field = (name: string) => {
      const f = e.fields.get(name);
      const max = FIELDS[name] ?? L.shortMax;
      if (f && f.text.length > max) {
        bad(f.line, name, 'tooLong', { max });
        return '';
      }
      return f?.text ?? '';
    };
    if (!e.key) bad(e.line, 'guid', 'required');
    else if (e.key.length > L.shortMax) bad(e.line, e.keyColumn, 'tooLong', { max: L.shortMax });
    else {
      const earlier = seen.get(e.key);
      if (earlier !== undefined) bad(e.line, e.keyColumn, 'duplicateId', { line: earlier });
      else seen.set(e.key, e.line);
    }
    const titleField = e.fields.get('title');
    const title = field('title');
    if (!titleField?.text) bad(titleField?.line ?? e.line, 'title', 'required');

    // <date> holds the full start with its offset; older files have the day's date and <start>.
    const dateText = field('date');
    const startText = field('start');
    let start: Date | undefined;
    if (dateText && dateText.length > 10) start = parseDateTime(dateText, zone);
    else {
      const day = dateText || e.dayDate;
      if (parseDate(day) && startText) start = parseDateTime(`${day}T${startText.length === 4 ? `0${startText}` : startText}`, zone);
    }
    const dateLine = e.fields.get('date')?.line ?? e.fields.get('start')?.line ?? e.line;
    if (!start && !dateText && !startText) bad(e.line, 'date', 'required');
    else if (!start) bad(dateLine, dateText ? 'date' : 'start', 'badDateTime', { value: (dateText || startText).slice(0, 40) });

    const durationText = field('duration');
    const duration = durationText ? parseDuration(durationText) : undefined;
    if (!durationText) bad(e.line, 'duration', 'required');
    else if (duration === undefined)
      bad(e.fields.get('duration')?.line ?? e.line, 'duration', 'badDuration', { value: durationText.slice(0, 12) });
    else if (duration <= 0) bad(e.fields.get('duration')?.line ?? e.line, 'duration', 'endBeforeStart');

    const abstract = field('abstract');
    const description = [abstract, field('description')].filter(Boolean).join('\n\n');
    if (description.length > L.descriptionMax) bad(e.line, 'description', 'tooLong', { max: L.descriptionMax });
    const room = field('room') || e.roomName;
    if (room.length > L.nameMax) bad(e.line, 'room', 'tooLong', { max: L.nameMax });
    const track = field('track');
    const type = field('type');
    const language = field('language');
    if (!ok || !start || duration === undefined) return;

    const session: Session = { key: e.key, title, start, end: new Date(start.getTime() + duration), speakerKeys: [] };
    if (description) session.description = description;
    placeSession(session, { room, track }, rooms, tracks);
    if (type) session.type = type;
    if (language) session.language = language;
    // A Set: an event may list the same person thousands of times.
    const speakerKeys = new Set<string>();
    for (const person of e.persons) {
      if (!speakers.has(person.key)) {
        if (speakers.size >= L.maxSpeakers) throw new Stop(e.line, 'tooManyRows', { max: L.maxSpeakers });
        speakers.set(person.key, person);
      }
      speakerKeys.add(person.key);
    }
    session.speakerKeys = [...speakerKeys];
    schedule.sessions.push(session);
  };

  try {
    parser.write(text).close();
  } catch (err) {
    if (err instanceof Stop) return failure(err.line, err.key, err.params);
    throw err;
  }
  if (!elements) return failure(1, 'unknownFormat');
  schedule.timeZone = zone;
  schedule.tracks = [...tracks.values()].map((t) => {
    const color = trackColors.get(t.name);
    return color ? { ...t, color } : t;
  });
  schedule.rooms = [...rooms.values()];
  schedule.speakers = [...speakers.values()];
  return p.result(schedule);
}

/** XML 1.0 has no place for control characters (but tab and line breaks), lone surrogates or U+FFFE/F. */
function xmlSafe(value: string): string {
  let out = '';
  for (const ch of value) {
    const n = ch.codePointAt(0) ?? 0;
    const allowed = n === 9 || n === 10 || n === 13 || (n >= 0x20 && n <= 0xd7ff) || (n >= 0xe000 && n <= 0xfffd) || n >= 0x10000;
    out += allowed ? ch : ' ';
  }
  return out;
}

const escapeXml = (value: string) =>
  xmlSafe(value).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('\r', '&#13;');
const escapeAttr = (value: string) => escapeXml(value).replaceAll('"', '&quot;').replaceAll('\n', '&#10;').replaceAll('\t', '&#9;');
const element = (name: string, value: string | undefined) => (value ? `<${name}>${escapeXml(value)}</${name}>` : `<${name}></${name}>`);

/** The schedule as Frab XML: days by the local date in `timeZone`, rooms per day, events by start. */
export function writeScheduleFrab(s: Schedule, timeZone: string): string {
  const tracks = new Map(s.tracks.map((t) => [t.key, t]));
  const rooms = new Map(s.rooms.map((r) => [r.key, r.name]));
  const speakers = new Map(s.speakers.map((p) => [p.key, p]));
  const roomOrder = new Map(s.rooms.map((r, i) => [r.name, i]));
  const sorted = [...s.sessions].sort((a, b) => a.start.getTime() - b.start.getTime());
  // day → room name → sessions, in first-seen order.
  const days = new Map<string, Map<string, Session[]>>();
  for (const x of sorted) {
    const day = localDate(x.start, timeZone);
    const room = (x.roomKey ? rooms.get(x.roomKey) : undefined) ?? '';
    const byRoom = days.get(day) ?? new Map<string, Session[]>();
    days.set(day, byRoom);
    const list = byRoom.get(room) ?? [];
    byRoom.set(room, list);
    list.push(x);
  }
  const dayKeys = [...days.keys()].sort();
  const out: string[] = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<schedule>',
    '  <generator name="open-event-app" version="1"/>',
    '  <version>1</version>',
    '  <conference>',
    `    ${element('title', s.title)}`,
    `    <start>${dayKeys[0] ?? ''}</start>`,
    `    <end>${dayKeys[dayKeys.length - 1] ?? ''}</end>`,
    `    <days>${dayKeys.length}</days>`,
    '    <timeslot_duration>00:05</timeslot_duration>',
    `    <time_zone_name>${escapeXml(timeZone)}</time_zone_name>`,
  ];
  for (const t of s.tracks) out.push(`    <track name="${escapeAttr(t.name)}"${t.color ? ` color="${escapeAttr(t.color)}"` : ''}/>`);
  out.push('  </conference>');
  let id = 0;
  dayKeys.forEach((day, i) => {
    out.push(`  <day index="${i + 1}" date="${day}">`);
    const byRoom = days.get(day) ?? new Map<string, Session[]>();
    const names = [...byRoom.keys()].sort(
      (a, b) => (roomOrder.get(a) ?? Number.MAX_SAFE_INTEGER) - (roomOrder.get(b) ?? Number.MAX_SAFE_INTEGER),
    );
    for (const room of names) {
      out.push(`    <room name="${escapeAttr(room)}">`);
      for (const x of byRoom.get(room) ?? []) {
        id++;
        const track = x.trackKey ? tracks.get(x.trackKey)?.name : undefined;
        const persons = x.speakerKeys.flatMap((k) => speakers.get(k) ?? []);
        out.push(
          `      <event guid="${escapeAttr(x.key)}" id="${id}">`,
          `        <date>${isoWithOffset(x.start, timeZone)}</date>`,
          `        <start>${localTime(x.start, timeZone)}</start>`,
          `        <duration>${formatDuration(x.end.getTime() - x.start.getTime())}</duration>`,
          `        ${element('room', room)}`,
          `        ${element('title', x.title)}`,
          '        <subtitle></subtitle>',
          `        ${element('track', track)}`,
          `        ${element('type', x.type)}`,
          `        ${element('language', x.language)}`,
          '        <abstract></abstract>',
          `        ${element('description', x.description)}`,
          '        <persons>',
          ...persons.map((p) => `          <person id="${escapeAttr(p.key)}">${escapeXml(p.name)}</person>`),
          '        </persons>',
          '        <links></links>',
          '      </event>',
        );
      }
      out.push('    </room>');
    }
    out.push('  </day>');
  });
  out.push('</schedule>');
  return `${out.join('\n')}\n`;
}
