import { describe, expect, it } from 'vitest';
import { dayRange, localDay } from '../../ui/calendar.ts';
import { byStart, isLive, overlaps, toLocalInput } from './schedule.ts';

const s = (id: number, start: string, end: string, cancelled = false) => ({
  id,
  title: `S${id}`,
  starts_at: new Date(start).toISOString(),
  ends_at: new Date(end).toISOString(),
  cancelled,
});

describe('agenda schedule rules', () => {
  it('marks overlapping sessions with one they overlap, not back-to-back ones or cancelled ones', () => {
    const list = [
      s(1, '2030-03-10T10:00', '2030-03-10T10:45'),
      s(2, '2030-03-10T10:30', '2030-03-10T11:00'),
      s(3, '2030-03-10T11:00', '2030-03-10T11:30'),
      s(4, '2030-03-10T11:10', '2030-03-10T11:20', true),
      s(5, '2030-03-10T09:00', '2030-03-10T18:00'),
    ];
    const o = overlaps(list);
    expect(o.get(1)?.id).toBe(5);
    expect(o.get(2)?.id).toBe(5);
    expect(o.get(3)?.id).toBe(5);
    expect(o.has(4)).toBe(false);
    const plain = overlaps(list.slice(0, 3));
    expect(plain.get(1)?.id).toBe(2);
    expect(plain.get(2)?.id).toBe(1);
    expect(plain.has(3)).toBe(false);
  });

  it('gives a local day as the instants of its two midnights, and back', () => {
    const r = dayRange('2030-03-10');
    if (!r) throw new Error('no range');
    expect(dayRange('2030-13-45')).toBeNull();
    expect(new Date(r.from).getDate()).toBe(10);
    expect(new Date(r.from).getHours()).toBe(0);
    expect(Date.parse(r.to) - Date.parse(r.from)).toBeGreaterThanOrEqual(23 * 3_600_000);
    expect(localDay(r.from)).toBe('2030-03-10');
    expect(localDay(new Date(Date.parse(r.to) - 1).toISOString())).toBe('2030-03-10');
  });

  it('groups by start and knows what is live', () => {
    const list = [
      s(1, '2030-03-10T10:00', '2030-03-10T11:00'),
      s(2, '2030-03-10T10:00', '2030-03-10T10:30'),
      s(3, '2030-03-10T12:00', '2030-03-10T13:00'),
    ];
    expect(byStart(list).map((g) => g.items.map((x) => x.id))).toEqual([[1, 2], [3]]);
    const at = Date.parse(new Date('2030-03-10T10:40').toISOString());
    expect(list.map((x) => isLive(x, at))).toEqual([true, false, false]);
    expect(isLive({ ...list[0], cancelled: true } as (typeof list)[0], at)).toBe(false);
    expect(toLocalInput(new Date('2030-03-10T09:05').toISOString())).toBe('2030-03-10T09:05');
  });
});
