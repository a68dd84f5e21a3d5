import { describe, expect, it } from 'vitest';
import { isoWithOffset, isTimeZone, parseDate, parseDateTime, parseDuration, parseTime, zonedToUtc } from './zoned-time.ts';

describe('schedule wall times', () => {
  it('knows IANA zones and refuses made-up ones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('resolves wall times in a zone, moving a time in the spring gap forward and taking the first of an autumn repeat', () => {
    const w = (month: number, day: number, hour: number, minute = 0) => ({ year: 2030, month, day, hour, minute, second: 0 });
    expect(zonedToUtc(w(5, 14, 9), 'Europe/Berlin').toISOString()).toBe('2030-05-14T07:00:00.000Z');
    expect(zonedToUtc(w(1, 14, 9), 'Europe/Berlin').toISOString()).toBe('2030-01-14T08:00:00.000Z');
    // 2030-03-31 02:30 does not exist in Berlin: 03:30 summer time.
    expect(zonedToUtc(w(3, 31, 2, 30), 'Europe/Berlin').toISOString()).toBe('2030-03-31T01:30:00.000Z');
    // 2030-10-27 02:30 happens twice: the first (summer time).
    expect(zonedToUtc(w(10, 27, 2, 30), 'Europe/Berlin').toISOString()).toBe('2030-10-27T00:30:00.000Z');
    expect(zonedToUtc(w(5, 14, 9), 'America/New_York').toISOString()).toBe('2030-05-14T13:00:00.000Z');
    expect(zonedToUtc(w(5, 14, 9), 'Asia/Kolkata').toISOString()).toBe('2030-05-14T03:30:00.000Z');
  });

  it('parses ISO date-times with and without offsets, and refuses the rest', () => {
    expect(parseDateTime('2030-05-14T09:00:00+02:00', 'UTC')?.toISOString()).toBe('2030-05-14T07:00:00.000Z');
    expect(parseDateTime('2030-05-14T09:00Z', 'Europe/Berlin')?.toISOString()).toBe('2030-05-14T09:00:00.000Z');
    expect(parseDateTime('2030-05-14 09:00', 'Europe/Berlin')?.toISOString()).toBe('2030-05-14T07:00:00.000Z');
    expect(parseDateTime('2030-05-14T09:00:00.123-0130', 'UTC')?.toISOString()).toBe('2030-05-14T10:30:00.000Z');
    for (const bad of ['2030-02-30T09:00', '2030-05-14', '2030-05-14T25:00', '14.05.2030 09:00', '2030-05-14T09:00+2', 'x'.repeat(100)])
      expect(parseDateTime(bad, 'UTC')).toBeUndefined();
    expect(parseDate('2030-02-29')).toBeUndefined();
    expect(parseDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseTime('9:30')).toEqual({ hour: 9, minute: 30, second: 0 });
    expect(parseTime('24:00')).toBeUndefined();
    expect(parseDuration('01:30')).toBe(90 * 60_000);
    expect(parseDuration('1:5')).toBeUndefined();
    expect(isoWithOffset(new Date('2030-05-14T07:00:00Z'), 'Europe/Berlin')).toBe('2030-05-14T09:00:00+02:00');
    expect(isoWithOffset(new Date('2030-05-14T07:00:00Z'), 'America/St_Johns')).toBe('2030-05-14T04:30:00-02:30');
  });
});
