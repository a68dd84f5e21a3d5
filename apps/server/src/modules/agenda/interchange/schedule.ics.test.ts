import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScheduleIcs, writeScheduleIcs } from './schedule.ics.ts';
import type { ParseResult, RowError } from './schedule.model.ts';

const opts = { timeZone: 'Europe/Berlin' };
const errorsOf = (r: ParseResult): RowError[] => (r.ok ? [] : r.errors);
/** A calendar of these VEVENT lines (CRLF); the first event line is line 3. */
const calendar = (...events: string[][]) =>
  Buffer.from(
    ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events.flatMap((e) => ['BEGIN:VEVENT', ...e, 'END:VEVENT']), 'END:VCALENDAR', ''].join('\r\n'),
  );
const good = ['UID:a', 'SUMMARY:Talk', 'DTSTART:20300514T090000Z', 'DTEND:20300514T100000Z'];
const only = (...events: string[][]) => {
  const errors = errorsOf(parseScheduleIcs(calendar(...events), opts));
  expect(errors).toHaveLength(1);
  return errors[0];
};

describe('schedule iCalendar', () => {
  it('reads the example: TZID, UTC, DURATION, floating, folded lines, escapes; all-day skipped with a warning', () => {
    const r = parseScheduleIcs(readFileSync(path.join(import.meta.dirname, 'fixtures', 'summer.ics')), opts);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.schedule.title).toBe('Summer School, 2030');
    expect(r.warnings).toEqual([{ line: 42, column: 'DTSTART', key: 'agenda-import.errors.allDaySkipped' }]);
    expect(r.schedule.sessions).toEqual([
      {
        key: 'talk-1@example.org',
        title: 'Opening, welcome & a very long title that is folded over more than one line of the file',
        description: 'First line\nSecond line; with a semicolon and a backslash \\ here',
        start: new Date('2030-05-14T07:00:00Z'),
        end: new Date('2030-05-14T08:00:00Z'),
        roomKey: 'Hörsaal 1',
        trackKey: 'Keynotes',
        speakerKeys: [],
      },
      {
        key: 'talk-2@example.org',
        title: 'Lunch talk',
        start: new Date('2030-05-14T12:00:00Z'),
        end: new Date('2030-05-14T13:30:00Z'),
        roomKey: 'Room B',
        speakerKeys: [],
      },
      // Floating: the caller's zone.
      {
        key: 'talk-3@example.org',
        title: 'Floating time',
        start: new Date('2030-05-16T12:00:00Z'),
        end: new Date('2030-05-16T12:30:00Z'),
        speakerKeys: [],
      },
    ]);
    expect(r.schedule.speakers).toEqual([]);
    expect(r.schedule.tracks).toEqual([{ key: 'Keynotes', name: 'Keynotes' }]);
    expect(r.schedule.rooms.map((x) => x.key)).toEqual(['Hörsaal 1', 'Room B']);
  });

  it('moves a TZID wall time in the spring gap forward, and takes Area/City from prefixed TZIDs and Windows names', () => {
    const r = parseScheduleIcs(
      calendar(
        ['UID:gap', 'SUMMARY:Gap', 'DTSTART;TZID=Europe/Berlin:20300331T023000', 'DURATION:PT30M'],
        [
          'UID:pre',
          'SUMMARY:Prefixed',
          'DTSTART;TZID=/freeassociation.sourceforge.net/Tzfile/Europe/Berlin:20300514T090000',
          'DURATION:P1DT1H',
        ],
        ['UID:win', 'SUMMARY:Outlook', 'DTSTART;TZID="W. Europe Standard Time":20300514T090000', 'DURATION:PT1H'],
      ),
      opts,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.schedule.sessions[0]?.start.toISOString()).toBe('2030-03-31T01:30:00.000Z');
    expect(r.schedule.sessions[1]?.end.toISOString()).toBe('2030-05-15T08:00:00.000Z');
    expect(r.schedule.sessions[2]?.start.toISOString()).toBe('2030-05-14T07:00:00.000Z');
  });

  it('names each error with its line and property', () => {
    expect(only(['SUMMARY:Talk', 'DTSTART:20300514T090000Z', 'DTEND:20300514T100000Z'])).toEqual({
      line: 3,
      column: 'UID',
      key: 'agenda-import.errors.required',
    });
    expect(only(good, good)).toMatchObject({ line: 10, column: 'UID', key: 'agenda-import.errors.duplicateId', params: { line: 4 } });
    expect(only(['UID:a', 'DTSTART:20300514T090000Z', 'DTEND:20300514T100000Z'])).toMatchObject({ line: 3, column: 'SUMMARY' });
    expect(only(['UID:a', 'SUMMARY:\\n ', 'DTSTART:20300514T090000Z', 'DTEND:20300514T100000Z'])).toMatchObject({
      line: 5,
      column: 'SUMMARY',
      key: 'agenda-import.errors.required',
    });
    expect(only(['UID:a', 'SUMMARY:T', 'DTSTART:20300514T0900', 'DTEND:20300514T100000Z'])).toMatchObject({
      line: 6,
      column: 'DTSTART',
      key: 'agenda-import.errors.badDateTime',
    });
    expect(only(['UID:a', 'SUMMARY:T', 'DTSTART:20300514T090000Z', 'DTEND:20300514T080000Z'])).toMatchObject({
      line: 7,
      column: 'DTEND',
      key: 'agenda-import.errors.endBeforeStart',
    });
    expect(only(['UID:a', 'SUMMARY:T', 'DTSTART:20300514T090000Z', 'DURATION:-PT1H'])).toMatchObject({
      line: 7,
      column: 'DURATION',
      key: 'agenda-import.errors.badDuration',
    });
    expect(only(['UID:a', 'SUMMARY:T', 'DTSTART:20300514T090000Z'])).toMatchObject({
      line: 3,
      column: 'DTEND',
      key: 'agenda-import.errors.required',
    });
    expect(only(['UID:a', 'SUMMARY:T', 'DTSTART;TZID=Mars Standard Time:20300514T090000', 'DURATION:PT1H'])).toEqual({
      line: 6,
      column: 'DTSTART',
      key: 'agenda-import.errors.unknownTimeZone',
      params: { zone: 'Mars Standard Time' },
    });
    expect(only(['UID:a', `SUMMARY:${'x'.repeat(201)}`, 'DTSTART:20300514T090000Z', 'DURATION:PT1H'])).toMatchObject({
      line: 5,
      column: 'SUMMARY',
      key: 'agenda-import.errors.tooLong',
    });
    const unclosed = errorsOf(parseScheduleIcs(Buffer.from('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\n'), opts));
    expect(unclosed).toContainEqual({ line: 2, column: 'VEVENT', key: 'agenda-import.errors.unclosed', params: { column: 'VEVENT' } });
    expect(errorsOf(parseScheduleIcs(Buffer.from('BEGIN:VCALENDAR\r\nEND:VEVENT\r\n'), opts))).toEqual([
      { line: 2, key: 'agenda-import.errors.icsMalformed' },
    ]);
    expect(errorsOf(parseScheduleIcs(Buffer.from('hello'), opts))[0]?.key).toBe('agenda-import.errors.unknownFormat');
  });

  it('warns that a repeating event is imported once', () => {
    const r = parseScheduleIcs(calendar([...good, 'RRULE:FREQ=DAILY;COUNT=3']), opts);
    expect(r.ok && r.warnings).toEqual([{ line: 8, column: 'RRULE', key: 'agenda-import.errors.recurrenceIgnored' }]);
  });

  it('writes what it reads: UTC times, escaped and folded text', () => {
    const ics = writeScheduleIcs(
      {
        title: 'Con; 2030',
        tracks: [{ key: 't', name: 'A, B' }],
        rooms: [{ key: 'r', name: 'Hörsaal' }],
        speakers: [],
        sessions: [
          {
            key: 'k1',
            title: `Long ${'é'.repeat(80)}`,
            description: 'x\ny;z',
            start: new Date('2030-05-14T07:00:00Z'),
            end: new Date('2030-05-14T08:00:00Z'),
            trackKey: 't',
            roomKey: 'r',
            speakerKeys: [],
          },
        ],
      },
      new Date('2030-01-01T00:00:00Z'),
    );
    expect(ics).toContain('DTSTART:20300514T070000Z\r\n');
    expect(ics).toContain('CATEGORIES:A\\, B\r\n');
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const r = parseScheduleIcs(Buffer.from(ics), opts);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.schedule.title).toBe('Con; 2030');
    expect(r.schedule.sessions[0]).toMatchObject({
      title: `Long ${'é'.repeat(80)}`,
      description: 'x\ny;z',
      trackKey: 'A, B',
      roomKey: 'Hörsaal',
    });
  });
});
