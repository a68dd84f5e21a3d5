import { describe, expect, it } from 'vitest';
import { dayRange, localDay } from '../../ui/calendar.ts';
import { durationText, mapsUrl, minutesBetween, registerState, splitJoinLink, upcomingDay } from './rules.ts';

const t = (key: string, vars?: Record<string, unknown>) =>
  key === 'events.duration.hours' ? `${vars?.h} h` : key === 'events.duration.minutes' ? `${vars?.m} min` : key;

describe('events rules', () => {
  it('writes a duration in hours and minutes', () => {
    expect(durationText(150, t)).toBe('2 h 30 min');
    expect(durationText(120, t)).toBe('2 h');
    expect(durationText(45, t)).toBe('45 min');
    expect(durationText(0, t)).toBe('0 min');
    expect(minutesBetween('2030-03-10T10:00:00Z', '2030-03-10T12:30:00Z')).toBe(150);
    expect(minutesBetween('2030-03-10T12:00:00Z', '2030-03-10T10:00:00Z')).toBe(0);
  });

  it('picks the next day having events for "show upcoming event"', () => {
    const dates = ['2030-03-01', '2030-03-12', '2030-03-10', '2030-03-20'];
    // A future day without events: the next one after it.
    expect(upcomingDay(dates, '2030-03-11', '2030-03-05')).toBe('2030-03-12');
    expect(upcomingDay(dates, '2030-03-12', '2030-03-05')).toBe('2030-03-20');
    // A past day (or none): the first from today on.
    expect(upcomingDay(dates, '2030-02-27', '2030-03-05')).toBe('2030-03-10');
    expect(upcomingDay(dates, null, '2030-03-10')).toBe('2030-03-10');
    // Today itself has no events left to show: the next day.
    expect(upcomingDay(dates, '2030-03-10', '2030-03-10')).toBe('2030-03-12');
    expect(upcomingDay(dates, '2030-03-20', '2030-03-05')).toBeNull();
    expect(upcomingDay([], null, '2030-03-05')).toBeNull();
  });

  it('spans a local day and names the day of an instant', () => {
    const range = dayRange('2030-03-10');
    if (!range) throw new Error('no range');
    const { from, to } = range;
    expect(new Date(to).getTime() - new Date(from).getTime()).toBeGreaterThanOrEqual(23 * 3_600_000);
    expect(localDay(new Date(2030, 2, 10, 23, 59))).toBe('2030-03-10');
  });

  it('links a place to the map search and splits the join link around its URL', () => {
    expect(mapsUrl('Hall A, Berlin & Co')).toBe('https://www.google.com/maps/search/?api=1&query=Hall%20A%2C%20Berlin%20%26%20Co');
    expect(splitJoinLink('Join: https://x.test/j (code 1)', 'https://x.test/j')).toEqual(['Join: ', 'https://x.test/j', ' (code 1)']);
    expect(splitJoinLink('Join', 'https://x.test/j')).toEqual(['Join ', 'https://x.test/j', '']);
  });

  it('tells over, registered, full and open apart', () => {
    const now = Date.parse('2030-03-10T12:00:00Z');
    const e = { ends_at: '2030-03-10T13:00:00Z', registered: false, places_left: 2 };
    expect(registerState(e, now)).toBe('open');
    expect(registerState({ ...e, places_left: 0 }, now)).toBe('full');
    expect(registerState({ ...e, places_left: 0, registered: true }, now)).toBe('registered');
    expect(registerState({ ...e, places_left: null }, now)).toBe('open');
    expect(registerState({ ...e, ends_at: '2030-03-10T11:00:00Z' }, now)).toBe('over');
    expect(registerState({ ...e, cancelled: true }, now)).toBe('cancelled');
    expect(registerState({ ...e, registration_closed: true }, now)).toBe('closed');
    expect(registerState({ ...e, registration_closed: true, registered: true }, now)).toBe('registered');
    expect(registerState({ ...e, registration_closes_at: new Date(now - 1000).toISOString() }, now)).toBe('closed');
    expect(registerState({ ...e, registration_opens_at: new Date(now + 60_000).toISOString() }, now)).toBe('notYet');
  });
});
