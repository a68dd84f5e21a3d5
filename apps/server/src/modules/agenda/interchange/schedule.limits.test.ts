import { describe, expect, it } from 'vitest';
import { parseSchedule } from './schedule.detect.ts';

const MB = 1024 * 1024;
/** `unit` repeated to about `bytes`. */
const fill = (unit: string, bytes: number) => unit.repeat(Math.floor(bytes / Buffer.byteLength(unit)));
const SIZE = 9.5 * MB;

/** Files near the 10 MB bound built to make a reader work hard: each answers quickly, with a clear error. */
const hostile: Array<[string, string, string]> = [
  ['CSV: one giant cell', `id,title,date,start,end,description\nS1,T,2030-05-14,09:00,10:00,"${fill('x', SIZE)}"\n`, 'unreadable'],
  [
    'CSV: a speaker repeated in every cell',
    `id,title,date,start,end,speakers\n${fill(`S,T,2030-05-14,09:00,10:00,"${'a;'.repeat(9000)}"\n`, SIZE)}`,
    'duplicateId',
  ],
  ['CSV: bad rows past the bound', `id,title,date,start,end\n${fill('S1,,x,y,z\n', SIZE)}`, 'tooManyRows'],
  [
    'iCalendar: one line folded a million times',
    `BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDESCRIPTION:${fill('ab\r\n ', SIZE)}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`,
    'required',
  ],
  [
    'iCalendar: one event of a million properties',
    `BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n${fill('X-A:y\r\n', SIZE)}END:VEVENT\r\nEND:VCALENDAR\r\n`,
    'required',
  ],
  ['iCalendar: empty events', `BEGIN:VCALENDAR\r\n${fill('BEGIN:VEVENT\r\nEND:VEVENT\r\n', SIZE)}END:VCALENDAR\r\n`, 'required'],
  [
    'XML: one person listed 300,000 times',
    `<schedule><day date="2030-05-14"><room name="r"><event guid="g"><title>T</title><date>2030-05-14T09:00:00Z</date><duration>00:30</duration><persons>${fill('<person id="1">A</person>', 7.5 * MB)}</persons></event></room></day></schedule>`,
    'ok',
  ],
  ['XML: elements past the bound', `<schedule>${fill('<x/>', SIZE)}</schedule>`, 'xmlTooManyElements'],
  ['XML: entity references', `<schedule><conference><title>${fill('&amp;', SIZE)}</title></conference></schedule>`, 'empty'],
];

describe('schedule readers under hostile sizes', () => {
  for (const [name, text, key] of hostile) {
    it(name, () => {
      const data = Buffer.from(text);
      const t0 = performance.now();
      const r = parseSchedule(data, { timeZone: 'Europe/Berlin' });
      const ms = performance.now() - t0;
      console.log(`${name}: ${(data.length / MB).toFixed(1)} MB in ${ms.toFixed(0)} ms`);
      expect(r.ok ? 'ok' : r.errors[0]?.key).toBe(key === 'ok' ? key : `agenda-import.errors.${key}`);
      if (!r.ok) expect(r.errors.length).toBeLessThanOrEqual(101);
      // Generous: two shared cores; the point is linear, not quadratic.
      expect(ms).toBeLessThan(10_000);
    });
  }
});
