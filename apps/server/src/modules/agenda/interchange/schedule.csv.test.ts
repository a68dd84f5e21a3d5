import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScheduleCsv, scheduleCsvTemplate, writeScheduleCsv } from './schedule.csv.ts';
import type { ParseResult, RowError } from './schedule.model.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const opts = { timeZone: 'Europe/Berlin' };
const HEAD = 'id,title,date,start,end';

const errorsOf = (r: ParseResult): RowError[] => (r.ok ? [] : r.errors);
const parse = (text: string) => parseScheduleCsv(Buffer.from(text), opts);
const only = (text: string) => {
  const errors = errorsOf(parse(text));
  expect(errors).toHaveLength(1);
  return errors[0];
};

describe('schedule CSV', () => {
  it('reads the example (BOM, semicolons, header in any case, a quoted cell over two lines)', () => {
    const r = parseScheduleCsv(fixture('agenda.csv'), opts);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.warnings).toEqual([{ line: 1, column: 'Notes', key: 'agenda-import.errors.unknownColumn' }]);
    const [s1, s2, s3] = r.schedule.sessions;
    expect(r.schedule.sessions).toHaveLength(3);
    expect(s1).toEqual({
      key: 'S1',
      title: 'Opening keynote',
      description: 'Welcome;\nand the year ahead',
      start: new Date('2030-05-14T07:00:00Z'),
      end: new Date('2030-05-14T07:45:00Z'),
      trackKey: 'Main',
      roomKey: 'Hall A',
      speakerKeys: ['P1', 'P2'],
      language: 'en',
      type: 'Keynote',
      capacity: 400,
    });
    expect(s2).toMatchObject({
      key: 'S2',
      title: 'Über Formulare & Fehler',
      speakerKeys: ['Jürgen Müller'],
      roomKey: 'Raum 2',
      capacity: 30,
    });
    expect(s3).toMatchObject({ start: new Date('2030-05-14T21:30:00Z'), end: new Date('2030-05-14T22:30:00Z'), speakerKeys: ['P1'] });
    expect(r.schedule.tracks).toEqual([
      { key: 'Main', name: 'Main', color: '#1e88e5' },
      { key: 'Design', name: 'Design' },
    ]);
    expect(r.schedule.rooms.map((x) => x.name)).toEqual(['Hall A', 'Raum 2']);
    expect(r.schedule.speakers).toEqual([
      { key: 'P1', name: 'Ada Lovelace' },
      { key: 'P2', name: 'Alan Turing' },
      { key: 'Jürgen Müller', name: 'Jürgen Müller' },
    ]);
  });

  it('skips rows of empty cells that spreadsheets leave behind', () => {
    const r = parse(`${HEAD}\nS1,T,2030-05-14,09:00,10:00\n,,,,\n, ,\n`);
    expect(r.ok && r.schedule.sessions.length).toBe(1);
  });

  it('takes a quote typed inside an unquoted cell as text', () => {
    const r = parse(`${HEAD}\nS1,Why "agile" fails,2030-05-14,09:00,10:00\n`);
    expect(r.ok && r.schedule.sessions[0]?.title).toBe('Why "agile" fails');
  });

  it('reads its own template', () => {
    const r = parseScheduleCsv(Buffer.from(scheduleCsvTemplate()), opts);
    expect(r.ok && r.schedule.sessions.map((s) => s.key)).toEqual(['S1', 'S2']);
  });

  it('names each error with its line and column', () => {
    expect(only('id,title,date,start\nS1,T,2030-05-14,09:00\n')).toEqual({
      line: 1,
      column: 'end',
      key: 'agenda-import.errors.missingColumn',
      params: { column: 'end' },
    });
    expect(only(`${HEAD},id\nS1,T,2030-05-14,09:00,10:00,S1\n`)).toMatchObject({
      line: 1,
      column: 'id',
      key: 'agenda-import.errors.duplicateColumn',
    });
    expect(only(`${HEAD}\nS1,,2030-05-14,09:00,10:00\n`)).toMatchObject({ line: 2, column: 'title', key: 'agenda-import.errors.required' });
    expect(only(`${HEAD}\nS1,A,2030-05-14,09:00,10:00\n\nS1,B,2030-05-14,09:00,10:00\n`)).toEqual({
      line: 4,
      column: 'id',
      key: 'agenda-import.errors.duplicateId',
      params: { line: 2 },
    });
    expect(only(`${HEAD}\nS1,T,14.05.2030,09:00,10:00\n`)).toMatchObject({ line: 2, column: 'date', key: 'agenda-import.errors.badDate' });
    expect(only(`${HEAD}\nS1,T,2030-05-14,9am,10:00\n`)).toMatchObject({ line: 2, column: 'start', key: 'agenda-import.errors.badTime' });
    expect(only('id,title,start,end\nS1,T,2030-05-14T09:00,tomorrow\n')).toMatchObject({
      line: 2,
      column: 'end',
      key: 'agenda-import.errors.badDateTime',
    });
    expect(only('id,title,start,end\nS1,T,09:00,10:00\n')).toMatchObject({ line: 2, column: 'date', key: 'agenda-import.errors.required' });
    expect(only(`${HEAD}\nS1,T,2030-05-14,10:00,10:00\n`)).toMatchObject({
      line: 2,
      column: 'end',
      key: 'agenda-import.errors.endBeforeStart',
    });
    expect(only(`${HEAD},time_zone\nS1,T,2030-05-14,09:00,10:00,Europe/Atlantis\n`)).toEqual({
      line: 2,
      column: 'time_zone',
      key: 'agenda-import.errors.unknownTimeZone',
      params: { zone: 'Europe/Atlantis' },
    });
    for (const bad of ['0', '-3', '2.5', 'many'])
      expect(only(`${HEAD},capacity\nS1,T,2030-05-14,09:00,10:00,${bad}\n`)).toMatchObject({
        line: 2,
        column: 'capacity',
        key: 'agenda-import.errors.badCapacity',
      });
    expect(only(`${HEAD}\nS1,${'x'.repeat(201)},2030-05-14,09:00,10:00\n`)).toEqual({
      line: 2,
      column: 'title',
      key: 'agenda-import.errors.tooLong',
      params: { max: 200 },
    });
    expect(only(`${HEAD},description\nS1,T,2030-05-14,09:00,10:00,${'d'.repeat(20_001)}\n`)).toMatchObject({
      column: 'description',
      params: { max: 20_000 },
    });
    expect(only(`${HEAD},room\nS1,T,2030-05-14,09:00,10:00,${'r'.repeat(201)}\n`)).toMatchObject({
      column: 'room',
      key: 'agenda-import.errors.tooLong',
    });
    expect(only(`${HEAD},speakers\nS1,T,2030-05-14,09:00,10:00,${'s'.repeat(201)}\n`)).toMatchObject({ column: 'speakers' });
    expect(only(`${HEAD},track_color\nS1,T,2030-05-14,09:00,10:00,red\n`)).toMatchObject({
      column: 'track_color',
      key: 'agenda-import.errors.badColor',
    });
    expect(only(`${HEAD},speakers,speaker_ids\nS1,T,2030-05-14,09:00,10:00,A;B,1\n`)).toMatchObject({
      column: 'speaker_ids',
      key: 'agenda-import.errors.speakerIdsMismatch',
    });
    expect(only(`${HEAD}\nS1,"T,2030-05-14,09:00,10:00\n`)).toMatchObject({ key: 'agenda-import.errors.unreadable' });
    expect(only(`${HEAD}\n`)).toMatchObject({ key: 'agenda-import.errors.empty' });
    expect(parseScheduleCsv(Buffer.from([0x69, 0x64, 0xff, 0xfe]), opts)).toEqual({
      ok: false,
      errors: [{ line: 1, key: 'agenda-import.errors.notText' }],
    });
  });

  it('reports every bad row, at most 100 errors and then one more', () => {
    const rows = Array.from({ length: 300 }, (_, i) => `S${i},,2030-05-14,09:00,10:00`).join('\n');
    const errors = errorsOf(parse(`${HEAD}\n${rows}\n`));
    expect(errors).toHaveLength(101);
    expect(errors[99]).toMatchObject({ line: 101, column: 'title' });
    expect(errors[100]).toMatchObject({ key: 'agenda-import.errors.tooManyErrors', params: { max: 100 } });
  });

  it('writes full date-times for the hour the clocks repeat and for sessions past midnight', () => {
    const session = (key: string, start: string, end: string) => ({
      key,
      title: key,
      start: new Date(start),
      end: new Date(end),
      speakerKeys: [],
    });
    const schedule = {
      tracks: [],
      rooms: [],
      speakers: [],
      sessions: [
        // 02:30 summer time, then 02:30 winter time, on 2030-10-27 in Berlin.
        session('first', '2030-10-27T00:30:00Z', '2030-10-27T00:45:00Z'),
        session('second', '2030-10-27T01:30:00Z', '2030-10-27T01:45:00Z'),
        session('night', '2030-05-14T21:30:00Z', '2030-05-14T22:30:00Z'),
        session('plain', '2030-05-14T07:00:00Z', '2030-05-14T08:00:00Z'),
      ],
    };
    const csv = writeScheduleCsv(schedule, 'Europe/Berlin');
    expect(csv).toContain(',2030-10-27T02:30:00+01:00,');
    expect(csv).toContain(',2030-05-15T00:30:00+02:00,');
    expect(csv).toContain(',2030-05-14,09:00,10:00,');
    const r = parseScheduleCsv(Buffer.from(csv), opts);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.schedule.sessions.map((x) => [x.key, x.start.toISOString(), x.end.toISOString()])).toEqual(
      schedule.sessions.map((x) => [x.key, x.start.toISOString(), x.end.toISOString()]),
    );
  });

  it('writes formulas safely and reads them back as written', () => {
    const schedule = {
      tracks: [{ key: 't', name: '=HYPERLINK("http://evil")' }],
      rooms: [{ key: 'r', name: '@SUM(A1)' }],
      speakers: [{ key: '-1', name: '+Ada' }],
      sessions: [
        {
          key: '=1+1',
          title: '-2+3',
          start: new Date('2030-05-14T07:00:00Z'),
          end: new Date('2030-05-14T08:00:00Z'),
          trackKey: 't',
          roomKey: 'r',
          speakerKeys: ['-1'],
        },
      ],
    };
    const csv = writeScheduleCsv(schedule, 'Europe/Berlin');
    expect(csv).toContain("'=1+1");
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const r = parseScheduleCsv(Buffer.from(csv), opts);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.schedule.sessions[0]).toMatchObject({
      key: '=1+1',
      title: '-2+3',
      trackKey: '=HYPERLINK("http://evil")',
      speakerKeys: ['-1'],
    });
    expect(r.schedule.rooms[0]?.name).toBe('@SUM(A1)');
  });
});
