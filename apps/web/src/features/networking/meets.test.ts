import type { Meeting } from '@app/contract/schemas/networking';
import { describe, expect, it } from 'vitest';
import { byTab, tabOf, timeState } from './meets.ts';

const person = (id: number) => ({ id, fullname: `P${id}`, avatar: null, job_title: '', company: '' });
const meeting = (id: number, over: Partial<Meeting>): Meeting => ({
  id,
  status: 'pending',
  time_start: 1_000,
  time_end: 1_900,
  duration: 15,
  location: '',
  title: '',
  timezone_name: 'UTC',
  initiator: person(1),
  invitee: person(2),
  cancelled_by: null,
  moved: false,
  version: 0,
  created_at: '',
  updated_at: '',
  ...over,
});

describe('my 1:1 meets tabs', () => {
  it('puts each meeting in one tab for the reader', () => {
    const waiting = meeting(1, {});
    expect(tabOf(waiting, 2, 500)).toBe('requests');
    expect(tabOf(waiting, 1, 500)).toBe('sent');
    expect(tabOf(meeting(2, { status: 'accepted' }), 1, 500)).toBe('upcoming');
    expect(tabOf(meeting(3, { status: 'accepted' }), 2, 1_500)).toBe('upcoming');
    for (const status of ['rejected', 'cancelled'] as const) expect(tabOf(meeting(4, { status }), 2, 500)).toBe('past');
    // Over: past, whatever its state (a request never answered too).
    expect(tabOf(waiting, 2, 1_900)).toBe('past');
  });

  it('sorts the coming ones soonest first and the past ones latest first', () => {
    const list = [
      meeting(1, { status: 'accepted', time_start: 3_000, time_end: 3_900 }),
      meeting(2, { status: 'accepted', time_start: 2_000, time_end: 2_900 }),
      meeting(3, { status: 'rejected', time_start: 100, time_end: 200 }),
      meeting(4, { status: 'cancelled', time_start: 5_000, time_end: 5_900 }),
    ];
    const tabs = byTab(list, 1, 500);
    expect(tabs.upcoming.map((m) => m.id)).toEqual([2, 1]);
    expect(tabs.past.map((m) => m.id)).toEqual([4, 3]);
  });

  it('says In progress inside the slot and Passed after it', () => {
    const m = meeting(1, { status: 'accepted' });
    expect(timeState(m, 999)).toBeNull();
    expect(timeState(m, 1_000)).toBe('inProgress');
    expect(timeState(m, 1_900)).toBe('passed');
  });
});
