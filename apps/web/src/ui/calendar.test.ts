import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayName,
  initialDay,
  isDay,
  keyTarget,
  localDayCounts,
  localDays,
  monthGrid,
  monthRange,
  todayString,
} from './calendar.ts';

// Run also as `TZ=Pacific/Auckland npx vitest run apps/web/src/ui/calendar.test.ts` (and a zone
// west of UTC): nothing here may depend on the device's zone.
describe('initialDay', () => {
  const dates = ['2025-03-20', '2025-03-12', '2025-04-02', '2025-03-12'];

  it('opens on the preselected day when there is one', () => {
    expect(initialDay(dates, '2025-03-01', '2025-03-15')).toBe('2025-03-01');
  });

  it('else on the nearest session day from today on (today included)', () => {
    expect(initialDay(dates, null, '2025-03-15')).toBe('2025-03-20');
    expect(initialDay(dates, null, '2025-03-20')).toBe('2025-03-20');
    expect(initialDay(dates, null, '2025-01-01')).toBe('2025-03-12');
  });

  it('else on the latest past session day', () => {
    expect(initialDay(dates, null, '2025-05-01')).toBe('2025-04-02');
  });

  it('is null without session days; ignores malformed ones', () => {
    expect(initialDay([], null, '2025-05-01')).toBeNull();
    expect(initialDay(['2025-02-30', 'soon'], null, '2025-05-01')).toBeNull();
  });
});

describe('monthGrid', () => {
  it('shows 6 weeks starting on the Monday on or before the 1st', () => {
    // 1 March 2025 is a Saturday.
    const grid = monthGrid('2025-03');
    expect(grid).toHaveLength(42);
    expect(grid[0]).toBe('2025-02-24');
    expect(grid[5]).toBe('2025-03-01');
    expect(grid[41]).toBe('2025-04-06');
  });

  it('starts on the 1st itself when it is a Monday', () => {
    // 1 September 2025 is a Monday.
    expect(monthGrid('2025-09')[0]).toBe('2025-09-01');
  });

  it('has consecutive days across daylight-saving changes and year ends', () => {
    for (const month of ['2024-03', '2024-10', '2025-03', '2025-10', '2024-12', '2024-02']) {
      const grid = monthGrid(month);
      for (let i = 1; i < grid.length; i++) expect(grid[i], `${month} #${i}`).toBe(addDays(grid[i - 1] ?? '', 1));
      expect(new Set(grid).size).toBe(42);
    }
    expect(monthGrid('2024-12').at(-1)).toBe('2025-01-05');
    expect(monthGrid('2024-02')).toContain('2024-02-29');
  });
});

describe('monthRange', () => {
  it('spans the months of the first and last session days', () => {
    expect(monthRange(['2025-05-03', '2024-11-30', '2025-01-15'])).toEqual({ first: '2024-11', last: '2025-05' });
    expect(monthRange(['2025-05-03'])).toEqual({ first: '2025-05', last: '2025-05' });
  });

  it('is null without session days', () => {
    expect(monthRange([])).toBeNull();
  });
});

describe('day arithmetic', () => {
  it('steps days and months as calendar strings', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(addMonths('2024-12', 1)).toBe('2025-01');
    expect(isDay('2025-02-29')).toBe(false);
    expect(isDay('2024-02-29')).toBe(true);
  });

  it("takes today from the device's local calendar, not from UTC", () => {
    // 00:30 local time on 1 March: in any zone east of UTC, UTC is still on 28 February.
    expect(todayString(new Date(2025, 2, 1, 0, 30))).toBe('2025-03-01');
    expect(todayString(new Date(2025, 2, 1, 23, 30))).toBe('2025-03-01');
  });
});

describe('keyTarget', () => {
  it('moves by day, week and month, and to the ends of the Monday-first week', () => {
    // 5 March 2025 is a Wednesday.
    expect(keyTarget('2025-03-05', 'ArrowLeft')).toBe('2025-03-04');
    expect(keyTarget('2025-03-31', 'ArrowRight')).toBe('2025-04-01');
    expect(keyTarget('2025-03-05', 'ArrowUp')).toBe('2025-02-26');
    expect(keyTarget('2025-03-05', 'ArrowDown')).toBe('2025-03-12');
    expect(keyTarget('2025-03-05', 'Home')).toBe('2025-03-03');
    expect(keyTarget('2025-03-05', 'End')).toBe('2025-03-09');
    expect(keyTarget('2025-03-09', 'Home')).toBe('2025-03-03');
    expect(keyTarget('2025-03-05', 'PageUp')).toBe('2025-02-01');
    expect(keyTarget('2025-12-05', 'PageDown')).toBe('2026-01-01');
    expect(keyTarget('2025-03-05', 'Enter')).toBeNull();
  });
});

describe('local days of instants', () => {
  it('gives each local calendar day once, sorted, in the browser time zone', () => {
    const a = new Date(2030, 2, 10, 23, 30).getTime();
    const b = new Date(2030, 2, 11, 0, 15).getTime();
    const c = new Date(2030, 2, 10, 8, 0).getTime();
    expect(localDays([b, a, c, a])).toEqual(['2030-03-10', '2030-03-11']);
    expect(localDays([])).toEqual([]);
  });
});

describe('day names and counts', () => {
  const names: Record<string, string> = {
    'widgets.calendar.weekdays': 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday',
    'widgets.calendar.monthsOfDay': 'January|February|March|April|May|June|July|August|September|October|November|December',
  };
  const t = (key: string, vars?: Record<string, unknown>) =>
    key === 'widgets.calendar.dayName' ? `${vars?.weekday}, ${vars?.day} ${vars?.month} ${vars?.year}` : (names[key] ?? key);

  it('names a day in full, weekday included', () => {
    expect(dayName('2030-03-10', t)).toBe('Sunday, 10 March 2030');
    expect(dayName('2026-11-27', t)).toBe('Friday, 27 November 2026');
  });

  it('adds up the items starting on each local day', () => {
    const at = (y: number, m: number, d: number, h: number) => new Date(y, m - 1, d, h).getTime();
    const counts = localDayCounts([at(2030, 3, 10, 9), at(2030, 3, 10, 14), at(2030, 3, 11, 9)], [2, 1, 4]);
    expect([...counts]).toEqual([
      ['2030-03-10', 3],
      ['2030-03-11', 4],
    ]);
    // Without counts each instant is one item.
    expect(localDayCounts([at(2030, 3, 10, 9)]).get('2030-03-10')).toBe(1);
  });
});
