import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectScheduleFormat, parseSchedule } from './schedule.detect.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const opts = { timeZone: 'Europe/Berlin' };
const keyOf = (data: Buffer) => {
  const r = parseSchedule(data, opts);
  return r.ok ? 'ok' : r.errors[0]?.key;
};

describe('schedule format detection', () => {
  it('tells the three formats by content, whatever the name says', () => {
    expect(detectScheduleFormat(fixture('pretalx.xml').toString())).toBe('frab');
    expect(detectScheduleFormat(fixture('summer.ics').toString())).toBe('ics');
    expect(detectScheduleFormat(fixture('agenda.csv').toString().slice(1))).toBe('csv');
    expect(detectScheduleFormat('  \n<!-- hi -->\n<schedule version="1">')).toBe('frab');
    expect(detectScheduleFormat('<!DOCTYPE x><schedule/>')).toBe('frab');
    expect(detectScheduleFormat('<html><body>')).toBeUndefined();
    expect(detectScheduleFormat('<schedules>')).toBeUndefined();
    expect(detectScheduleFormat('{"schedule": {}}')).toBeUndefined();
    expect(detectScheduleFormat('name,email\nx,y')).toBeUndefined();
    for (const name of ['pretalx.xml', 'summer.ics', 'agenda.csv'])
      expect(parseSchedule(fixture(name), { ...opts, fileName: 'agenda.csv', mime: 'text/csv' }).ok).toBe(true);
  });

  it('refuses what is not a schedule: other formats, binary, too large, too many sessions', () => {
    expect(keyOf(Buffer.from('%PDF-1.7\n'))).toBe('agenda-import.errors.unknownFormat');
    expect(keyOf(Buffer.from('<html></html>'))).toBe('agenda-import.errors.unknownFormat');
    expect(keyOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff]))).toBe('agenda-import.errors.notText');
    expect(keyOf(Buffer.from('id,title\u0000'))).toBe('agenda-import.errors.notText');
    expect(keyOf(Buffer.alloc(10 * 1024 * 1024 + 1, 'a'))).toBe('agenda-import.errors.tooLarge');
    const rows = Array.from({ length: 5001 }, (_, i) => `S${i},T,2030-05-14,09:00,10:00`).join('\n');
    expect(parseSchedule(Buffer.from(`id,title,date,start,end\n${rows}\n`), opts)).toEqual({
      ok: false,
      errors: [{ line: 5002, key: 'agenda-import.errors.tooManyRows', params: { max: 5000 } }],
    });
    // 1,000 sessions of six speakers each: 6,000 speakers.
    const crowded = Array.from(
      { length: 1000 },
      (_, i) => `S${i},T,2030-05-14,09:00,10:00,"${[0, 1, 2, 3, 4, 5].map((j) => `P${i * 6 + j}`).join(';')}"`,
    );
    expect(keyOf(Buffer.from(`id,title,date,start,end,speakers\n${crowded.join('\n')}\n`))).toBe('agenda-import.errors.tooManyRows');
  });
});
