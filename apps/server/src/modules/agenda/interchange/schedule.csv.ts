import { parse } from 'csv-parse/sync';
import { isoWithOffset, isTimeZone, localDate, localTime, parseDate, parseDateTime, parseTime } from '../../../lib/zoned-time.ts';
import { csvDelimiter, csvLine } from '../../console/console.csv.ts';
import {
  decodeUtf8,
  failure,
  SCHEDULE_LIMITS as L,
  normaliseColor,
  type ParseResult,
  Problems,
  type Schedule,
  type Session,
} from './schedule.model.ts';

/**
 * The agenda's CSV: a header row (any case, any order), one session a row. `date` + `start` + `end`
 * as HH:MM, or `start` and `end` as full ISO date-times (for a session past midnight).
 */
export const SCHEDULE_CSV_COLUMNS = [
  'id',
  'title',
  'description',
  'date',
  'start',
  'end',
  'time_zone',
  'track',
  'track_color',
  'room',
  'speakers',
  'speaker_ids',
  'language',
  'type',
  'capacity',
] as const;
type Column = (typeof SCHEDULE_CSV_COLUMNS)[number];
const REQUIRED: readonly Column[] = ['id', 'title', 'start', 'end'];

const LENGTH: Partial<Record<Column, number>> = {
  id: L.shortMax,
  title: L.titleMax,
  description: L.descriptionMax,
  time_zone: 64,
  track: L.nameMax,
  track_color: 16,
  room: L.nameMax,
  language: L.shortMax,
  type: L.shortMax,
  capacity: 16,
};
/** Speakers and their ids hold lists: the limit is per name, checked after splitting. */
const LIST_CELL_MAX = 100 * L.nameMax;
const MAX_CAPACITY = 1_000_000;

/** Our own exports protect cells a spreadsheet would run (`'=…`): read them back as written. */
function unprotect(cell: string): string {
  const v = cell.trim();
  return v.length > 1 && v[0] === "'" && '=+-@\t\r'.includes(v[1] ?? '') ? v.slice(1) : v;
}

const splitList = (cell: string) =>
  cell
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

const count = (s: string, ch: string) => {
  let n = 0;
  for (const c of s) if (c === ch) n++;
  return n;
};

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/** Reads an agenda CSV; `opts.timeZone` is the zone of rows without a `time_zone` cell. */
export function parseScheduleCsv(data: Buffer, opts: { timeZone: string }): ParseResult {
  if (data.length > L.maxBytes) return failure(1, 'tooLarge', { max: '10 MB' });
  const decoded = decodeUtf8(data);
  if (decoded === undefined) return failure(1, 'notText');
  if (!isTimeZone(opts.timeZone)) return failure(1, 'unknownTimeZone', { zone: opts.timeZone.slice(0, 64) });
  // csv-parse counts a CRLF inside a quoted cell as two lines: one kind of line break keeps lines right.
  const text = decoded.replaceAll('\r\n', '\n');
  const delimiter = csvDelimiter(text);
  let records: CsvRecord[];
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      info: true,
      relax_column_count: true,
      // A quote inside an unquoted cell (`a "quoted" word`, typed by hand) is text, not an error.
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 512 * 1024,
      // The header and one row past the bound: enough to tell the file is too long.
      to: L.maxSessions + 2,
    }) as unknown as CsvRecord[];
  } catch (err) {
    const line = Number((err as { lines?: unknown }).lines) || 1;
    return failure(line, 'unreadable');
  }
  const p = new Problems();
  const schedule: Schedule = { timeZone: opts.timeZone, tracks: [], rooms: [], speakers: [], sessions: [] };
  const [head, ...body] = records;
  if (!head) return p.result(schedule);

  const index = new Map<Column, number>();
  head.record.forEach((raw, i) => {
    const h = raw.trim().toLowerCase().replaceAll(' ', '_').replaceAll('-', '_');
    if (!(SCHEDULE_CSV_COLUMNS as readonly string[]).includes(h)) p.warn(1, raw.slice(0, 64) || `#${i + 1}`, 'unknownColumn');
    else if (index.has(h as Column)) p.error(1, h, 'duplicateColumn');
    else index.set(h as Column, i);
  });
  for (const c of REQUIRED) if (!index.has(c)) p.error(1, c, 'missingColumn', { column: c });
  if (p.errors.length) return p.result(schedule);
  if (body.length > L.maxSessions) return failure(body[L.maxSessions]?.info.lines ?? 1, 'tooManyRows', { max: L.maxSessions });

  const tracks = new Map<string, { key: string; name: string; color?: string }>();
  const rooms = new Map<string, { key: string; name: string }>();
  const speakers = new Map<string, { key: string; name: string }>();
  const seen = new Map<string, number>();

  for (const { record, info } of body) {
    if (p.full) break;
    // Spreadsheets save rows they once touched as `;;;;`: nothing to import, nothing wrong.
    if (record.every((c) => !c)) continue;
    // info.lines is the record's last line; a quoted cell may span several.
    const line = info.lines - record.reduce((n, c) => n + count(c, '\n'), 0);
    let ok = true;
    const reported = new Set<Column>();
    const bad = (column: Column, key: string, params?: Record<string, string | number>) => {
      ok = false;
      reported.add(column);
      p.error(line, column, key, params);
    };
    const cell = (c: Column) => {
      const i = index.get(c);
      const v = i === undefined ? '' : unprotect(record[i] ?? '');
      const max = LENGTH[c] ?? LIST_CELL_MAX;
      if (v.length > max) {
        bad(c, 'tooLong', { max });
        return '';
      }
      return v;
    };
    const required = (c: Column) => {
      const v = cell(c);
      if (!v && !reported.has(c)) bad(c, 'required');
      return v;
    };

    const id = required('id');
    if (id) {
      const earlier = seen.get(id);
      if (earlier !== undefined) bad('id', 'duplicateId', { line: earlier });
      else seen.set(id, line);
    }
    const title = required('title');
    const description = cell('description');

    let zone = opts.timeZone;
    const zoneCell = cell('time_zone');
    if (zoneCell && !isTimeZone(zoneCell)) bad('time_zone', 'unknownTimeZone', { zone: zoneCell });
    else if (zoneCell) zone = zoneCell;

    const dateCell = cell('date');
    const startCell = required('start');
    const endCell = required('end');
    let start: Date | undefined;
    let end: Date | undefined;
    if (dateCell) {
      const date = parseDate(dateCell);
      if (!date) bad('date', 'badDate', { value: dateCell.slice(0, 40) });
      const st = startCell ? parseTime(startCell) : undefined;
      const et = endCell ? parseTime(endCell) : undefined;
      if (startCell && !st) bad('start', 'badTime', { value: startCell.slice(0, 40) });
      if (endCell && !et) bad('end', 'badTime', { value: endCell.slice(0, 40) });
      if (date && st && et && ok) {
        start = parseDateTime(`${dateCell}T${startCell.length === 4 ? `0${startCell}` : startCell}`, zone);
        end = parseDateTime(`${dateCell}T${endCell.length === 4 ? `0${endCell}` : endCell}`, zone);
      }
    } else if (startCell && endCell) {
      start = parseDateTime(startCell, zone);
      end = parseDateTime(endCell, zone);
      // A bare time needs the date column.
      if ((!start && parseTime(startCell)) || (!end && parseTime(endCell))) bad('date', 'required');
      if (!start && !parseTime(startCell)) bad('start', 'badDateTime', { value: startCell.slice(0, 40) });
      if (!end && !parseTime(endCell)) bad('end', 'badDateTime', { value: endCell.slice(0, 40) });
    }
    if (start && end && end.getTime() <= start.getTime()) bad('end', 'endBeforeStart');

    const trackName = cell('track');
    const colorCell = cell('track_color');
    const color = colorCell ? normaliseColor(colorCell) : undefined;
    if (colorCell && !color) bad('track_color', 'badColor', { value: colorCell });
    const roomName = cell('room');

    const names = splitList(cell('speakers'));
    const ids = splitList(cell('speaker_ids'));
    if (names.some((n) => n.length > L.nameMax)) bad('speakers', 'tooLong', { max: L.nameMax });
    if (ids.some((n) => n.length > L.shortMax)) bad('speaker_ids', 'tooLong', { max: L.shortMax });
    if (ids.length && ids.length !== names.length) bad('speaker_ids', 'speakerIdsMismatch', { speakers: names.length, ids: ids.length });

    const capacityCell = cell('capacity');
    let capacity: number | undefined;
    if (capacityCell) {
      const n = Number(capacityCell);
      if (![...capacityCell].every((c) => c >= '0' && c <= '9') || !Number.isSafeInteger(n) || n < 1 || n > MAX_CAPACITY)
        bad('capacity', 'badCapacity', { value: capacityCell.slice(0, 20) });
      else capacity = n;
    }
    const language = cell('language');
    const type = cell('type');

    if (!ok || !start || !end) continue;
    if (trackName) {
      const known = tracks.get(trackName);
      if (!known) tracks.set(trackName, { key: trackName, name: trackName, ...(color ? { color } : {}) });
      else if (color && !known.color) known.color = color;
    }
    if (roomName && !rooms.has(roomName)) rooms.set(roomName, { key: roomName, name: roomName });
    // A Set: a cell may name the same speaker thousands of times.
    const speakerKeys = new Set<string>();
    names.forEach((name, i) => {
      const key = ids[i] ?? name;
      if (!speakers.has(key)) speakers.set(key, { key, name });
      speakerKeys.add(key);
    });
    if (speakers.size > L.maxSpeakers) return failure(line, 'tooManyRows', { max: L.maxSpeakers });
    const session: Session = { key: id, title, start, end, speakerKeys: [...speakerKeys] };
    if (description) session.description = description;
    if (trackName) session.trackKey = trackName;
    if (roomName) session.roomKey = roomName;
    if (language) session.language = language;
    if (type) session.type = type;
    if (capacity !== undefined) session.capacity = capacity;
    schedule.sessions.push(session);
  }
  schedule.tracks = [...tracks.values()];
  schedule.rooms = [...rooms.values()];
  schedule.speakers = [...speakers.values()];
  return p.result(schedule);
}

/** A list cell: `;` separates, so one inside a name becomes a comma. */
const listCell = (values: string[]) => values.map((v) => v.replaceAll(';', ',')).join('; ');

/** The schedule as CSV, times as wall times in `timeZone`; formulas are written safely (csvCell). */
export function writeScheduleCsv(s: Schedule, timeZone: string): string {
  const tracks = new Map(s.tracks.map((t) => [t.key, t]));
  const rooms = new Map(s.rooms.map((r) => [r.key, r]));
  const speakers = new Map(s.speakers.map((p) => [p.key, p]));
  let out = csvLine([...SCHEDULE_CSV_COLUMNS]);
  for (const x of s.sessions) {
    const date = localDate(x.start, timeZone);
    // Wall times say it all unless the session passes midnight or starts or ends in the hour
    // the clocks repeat in autumn: then full date-times with their offsets.
    const wallReadsBack = (t: Date) =>
      parseDateTime(`${localDate(t, timeZone)}T${localTime(t, timeZone)}`, timeZone)?.getTime() === t.getTime();
    const sameDay = date === localDate(x.end, timeZone) && wallReadsBack(x.start) && wallReadsBack(x.end);
    const track = x.trackKey ? tracks.get(x.trackKey) : undefined;
    const people = x.speakerKeys.flatMap((k) => speakers.get(k) ?? []);
    const row: Record<Column, string | number | undefined> = {
      id: x.key,
      title: x.title,
      description: x.description,
      // A session past midnight has full date-times instead.
      date: sameDay ? date : '',
      start: sameDay ? localTime(x.start, timeZone) : isoWithOffset(x.start, timeZone),
      end: sameDay ? localTime(x.end, timeZone) : isoWithOffset(x.end, timeZone),
      time_zone: timeZone,
      track: track?.name,
      track_color: track?.color,
      room: x.roomKey ? rooms.get(x.roomKey)?.name : undefined,
      speakers: listCell(people.map((p) => p.name)),
      speaker_ids: listCell(people.map((p) => p.key)),
      language: x.language,
      type: x.type,
      capacity: x.capacity,
    };
    out += csvLine(SCHEDULE_CSV_COLUMNS.map((c) => row[c]));
  }
  return out;
}

/** The downloadable template: the header and two example rows. */
export function scheduleCsvTemplate(): string {
  return (
    csvLine([...SCHEDULE_CSV_COLUMNS]) +
    csvLine([
      'S1',
      'Opening keynote',
      'Welcome and the year ahead',
      '2030-05-14',
      '09:00',
      '09:45',
      'Europe/Berlin',
      'Main',
      '#1e88e5',
      'Hall A',
      'Ada Lovelace; Alan Turing',
      'P1; P2',
      'en',
      'Keynote',
      '400',
    ]) +
    csvLine([
      'S2',
      'Workshop: accessible forms',
      '',
      '2030-05-14',
      '10:00',
      '11:30',
      'Europe/Berlin',
      'Design',
      '#43a047',
      'Room 2',
      'Grace Hopper',
      'P3',
      'de',
      'Workshop',
      '30',
    ])
  );
}
