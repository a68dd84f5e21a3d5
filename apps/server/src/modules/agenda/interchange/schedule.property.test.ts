import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScheduleCsv, scheduleCsvTemplate, writeScheduleCsv } from './schedule.csv.ts';
import { parseSchedule } from './schedule.detect.ts';
import { parseScheduleFrab, writeScheduleFrab } from './schedule.frab.ts';
import { parseScheduleIcs, writeScheduleIcs } from './schedule.ics.ts';
import type { ParseResult, RowError, Schedule, Session } from './schedule.model.ts';

const opts = { timeZone: 'Europe/Berlin' };

const english = (
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../../../../../packages/i18n/locales/en_US/agenda-import.json'), 'utf8'),
  ) as {
    errors: Record<string, string>;
  }
).errors;

/** Each problem names a text that exists and gives every value its text shows. */
function translatable(e: RowError) {
  const text = english[e.key.replace('agenda-import.errors.', '')];
  expect(text, e.key).toBeTruthy();
  for (const name of (text ?? '').match(/\{\{\w+\}\}/g) ?? []) expect(e.params?.[name.slice(2, -2)], `${e.key} ${name}`).toBeDefined();
}

/** A parse result has the promised shape: never a throw, at most 100 errors and the one that says so. */
function wellFormed(r: ParseResult) {
  if (r.ok) {
    expect(r.schedule.sessions.length).toBeGreaterThan(0);
    for (const s of r.schedule.sessions) expect(s.end.getTime()).toBeGreaterThan(s.start.getTime());
    r.warnings.forEach(translatable);
  } else {
    expect(r.errors.length).toBeGreaterThan(0);
    expect(r.errors.length).toBeLessThanOrEqual(101);
    r.errors.forEach(translatable);
  }
}

// Inputs that reach past the format detection into each reader.
const fragments = [
  'BEGIN:VCALENDAR\r\n',
  'BEGIN:VEVENT\r\n',
  'END:VEVENT\r\n',
  'UID:x\r\n',
  'DTSTART;TZID=Europe/Berlin:20300514T090000\r\n',
  'DURATION:PT1H\r\n',
  ' ',
  '<schedule>',
  '<day date="2030-05-14"><room name="r"><event guid="g">',
  '<date>2030-05-14T09:00:00+02:00</date><duration>00:30</duration><title>T</title>',
  '</event>',
  '<!DOCTYPE x [<!ENTITY a "b">]>',
  '&amp;',
  'id,title,date,start,end\n',
  'S1,T,2030-05-14,09:00,10:00\n',
  '"',
  ';',
  '\n',
];
const structured = fc
  .array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 20 })), { maxLength: 30 })
  .map((a) => a.join(''));

describe('schedule readers: any input', () => {
  it('never throw on any bytes or text, and answer a schedule or errors', () => {
    const input = fc.oneof(
      fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b)),
      fc.string({ unit: 'binary', maxLength: 400 }).map((s) => Buffer.from(s)),
      structured.map((s) => Buffer.from(s)),
    );
    fc.assert(
      fc.property(input, (data) => {
        wellFormed(parseSchedule(data, opts));
        wellFormed(parseScheduleCsv(data, opts));
        wellFormed(parseScheduleIcs(data, opts));
        wellFormed(parseScheduleFrab(data));
      }),
      { numRuns: 400 },
    );
  });
});

// Text the formats can all carry: trimmed, no control characters, none of our own CSV escape
// marks (a leading apostrophe before = + - @ is read as the export's protection).
const chars = ['a', 'Z', '0', ' ', '&', '<', '>', '"', "'", ',', '=', '+', '-', '@', ':', '\\', 'ü', 'ß', '€', '😀', '/', '#'];
const text = (max: number, extra: string[] = [';']) =>
  fc
    .string({ unit: fc.constantFrom(...chars, ...extra), minLength: 1, maxLength: max })
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && !(s[0] === "'" && '=+-@'.includes(s[1] ?? '')));
const description = fc.array(text(30), { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n'));
// Berlin and New York more often: the clock changes below are theirs.
const zone = fc.oneof(
  { arbitrary: fc.constantFrom('Europe/Berlin', 'America/New_York'), weight: 4 },
  { arbitrary: fc.constantFrom('Asia/Kolkata', 'UTC', 'Australia/Lord_Howe', 'Pacific/Chatham'), weight: 1 },
);
const MINUTE = 60_000;
/** Clock changes in 2030 (Berlin, New York), as minutes since 2000. */
const CLOCK_CHANGES = ['2030-03-31T01:00Z', '2030-10-27T01:00Z', '2030-03-10T07:00Z', '2030-11-03T06:00Z'].map(
  (iso) => (Date.parse(iso) - Date.UTC(2000, 0, 1)) / MINUTE,
);

const scheduleArb: fc.Arbitrary<Schedule> = fc
  .record({
    tracks: fc.uniqueArray(
      fc.record({ name: text(20), color: fc.option(fc.constantFrom('#1e88e5', '#000000', '#abcdef'), { nil: undefined }) }),
      {
        selector: (t) => t.name,
        maxLength: 3,
      },
    ),
    rooms: fc.uniqueArray(text(20), { maxLength: 3 }),
    // Speakers in CSV cells are separated by `;`.
    speakers: fc.uniqueArray(fc.record({ key: text(10, []), name: text(20, []) }), { selector: (p) => p.key, maxLength: 4 }),
    sessions: fc.uniqueArray(
      fc.record({
        key: text(16),
        title: text(40),
        description: fc.option(description, { nil: undefined }),
        // Minutes from 2000 to 2099, or hours around a clock change; up to three days long.
        startMinute: fc.oneof(
          fc.integer({ min: 0, max: 52_000_000 }),
          fc.constantFrom(...CLOCK_CHANGES).chain((m) => fc.integer({ min: m - 120, max: m + 120 })),
        ),
        minutes: fc.integer({ min: 1, max: 3 * 24 * 60 }),
        track: fc.nat(),
        room: fc.nat(),
        speakers: fc.uniqueArray(fc.nat({ max: 3 }), { maxLength: 3 }),
        language: fc.option(fc.constantFrom('en', 'de', 'pt-BR'), { nil: undefined }),
        type: fc.option(text(15), { nil: undefined }),
        capacity: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: undefined }),
      }),
      { selector: (s) => s.key, minLength: 1, maxLength: 6 },
    ),
  })
  .map(({ tracks, rooms, speakers, sessions }) => ({
    tracks: tracks.map((t) => ({ key: t.name, name: t.name, ...(t.color ? { color: t.color } : {}) })),
    rooms: rooms.map((name) => ({ key: name, name })),
    speakers,
    sessions: sessions.map((s): Session => {
      const start = new Date(Date.UTC(2000, 0, 1) + s.startMinute * MINUTE);
      const trackKey =
        tracks.length && s.track % (tracks.length + 1) < tracks.length ? tracks[s.track % (tracks.length + 1)]?.name : undefined;
      const roomKey = rooms.length && s.room % (rooms.length + 1) < rooms.length ? rooms[s.room % (rooms.length + 1)] : undefined;
      return {
        key: s.key,
        title: s.title,
        ...(s.description ? { description: s.description } : {}),
        start,
        end: new Date(start.getTime() + s.minutes * MINUTE),
        ...(trackKey ? { trackKey } : {}),
        ...(roomKey ? { roomKey } : {}),
        speakerKeys: s.speakers.filter((i) => i < speakers.length).flatMap((i) => speakers[i]?.key ?? []),
        ...(s.language ? { language: s.language } : {}),
        ...(s.type ? { type: s.type } : {}),
        ...(s.capacity ? { capacity: s.capacity } : {}),
      };
    }),
  }));

type Carried = 'speakers' | 'typeLanguage' | 'capacity' | 'color';

/** Sessions by key with their track, room and speakers resolved: what a round trip must keep. */
function view(s: Schedule, carries: Carried[]) {
  const tracks = new Map(s.tracks.map((t) => [t.key, t]));
  const rooms = new Map(s.rooms.map((r) => [r.key, r.name]));
  const speakers = new Map(s.speakers.map((p) => [p.key, p.name]));
  return [...s.sessions]
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map((x) => {
      const track = x.trackKey ? tracks.get(x.trackKey) : undefined;
      return {
        key: x.key,
        title: x.title,
        description: x.description ?? '',
        start: Math.floor(x.start.getTime() / MINUTE),
        end: Math.floor(x.end.getTime() / MINUTE),
        track: track?.name ?? '',
        room: (x.roomKey && rooms.get(x.roomKey)) || '',
        ...(carries.includes('color') ? { color: track?.color ?? '' } : {}),
        ...(carries.includes('speakers') ? { speakers: x.speakerKeys.map((k) => `${k}=${speakers.get(k)}`) } : {}),
        ...(carries.includes('typeLanguage') ? { type: x.type ?? '', language: x.language ?? '' } : {}),
        ...(carries.includes('capacity') ? { capacity: x.capacity ?? 0 } : {}),
      };
    });
}

const roundTrip = (
  name: string,
  write: (s: Schedule, tz: string) => string,
  read: (b: Buffer, tz: string) => ParseResult,
  carries: Carried[],
) =>
  it(`${name}: write then read gives the same sessions`, () => {
    fc.assert(
      fc.property(scheduleArb, zone, (schedule, tz) => {
        const written = write(schedule, tz);
        const r = read(Buffer.from(written), tz);
        if (!r.ok) throw new Error(`${JSON.stringify(r.errors)}\n${written}`);
        expect(view(r.schedule, carries)).toEqual(view(schedule, carries));
        // And through the detection too.
        expect(parseSchedule(Buffer.from(written), { timeZone: tz }).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

describe('schedule round trips', () => {
  roundTrip('CSV', writeScheduleCsv, (b, tz) => parseScheduleCsv(b, { timeZone: tz }), ['speakers', 'typeLanguage', 'capacity', 'color']);
  roundTrip(
    'iCalendar',
    (s) => writeScheduleIcs(s),
    (b, tz) => parseScheduleIcs(b, { timeZone: tz }),
    [],
  );
  roundTrip('Frab XML', writeScheduleFrab, (b) => parseScheduleFrab(b), ['speakers', 'typeLanguage', 'color']);
});

describe('CSV exports and formulas', () => {
  it('never write a cell a spreadsheet would run as a formula', () => {
    const risky = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '=cmd|', '@SUM(', '+1', '-1');
    const formulaText = fc.tuple(risky, fc.string({ maxLength: 10 })).map(([a, b]) => a + b);
    fc.assert(
      fc.property(scheduleArb, formulaText, formulaText, formulaText, zone, (schedule, a, b, c, tz) => {
        const first = schedule.sessions[0];
        if (!first) return;
        const evil: Schedule = {
          ...schedule,
          rooms: [...schedule.rooms, { key: 'evil', name: c }],
          speakers: [...schedule.speakers, { key: b, name: a }],
          sessions: [{ ...first, title: a, description: b, type: c, roomKey: 'evil', speakerKeys: [b] }, ...schedule.sessions.slice(1)],
        };
        for (const csv of [writeScheduleCsv(evil, tz), scheduleCsvTemplate()]) {
          const cells = (parse(csv, { relax_column_count: true }) as string[][]).flat();
          for (const cell of cells) expect('=+-@\t\r'.includes(cell[0] ?? 'x')).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });
});
