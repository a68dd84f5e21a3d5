import type { Meeting } from '@app/contract/schemas/networking';

export type MeetTab = 'requests' | 'upcoming' | 'sent' | 'past';
export const MEET_TABS: readonly MeetTab[] = ['requests', 'upcoming', 'sent', 'past'];

/**
 * Which tab a meeting belongs in for me at `now` (epoch seconds): requests I have to answer,
 * accepted ones not over yet, my requests waiting for an answer, and the rest (over, declined,
 * cancelled).
 */
export function tabOf(m: Meeting, me: number, now: number): MeetTab {
  if (m.time_end <= now || m.status === 'rejected' || m.status === 'cancelled') return 'past';
  if (m.status === 'accepted') return 'upcoming';
  return m.invitee.id === me ? 'requests' : 'sent';
}

/** The meetings of each tab: the coming ones soonest first, the past ones latest first. */
export function byTab(list: readonly Meeting[], me: number, now: number): Record<MeetTab, Meeting[]> {
  const out: Record<MeetTab, Meeting[]> = { requests: [], upcoming: [], sent: [], past: [] };
  for (const m of list) out[tabOf(m, me, now)].push(m);
  for (const tab of ['requests', 'upcoming', 'sent'] as const) out[tab].sort((a, b) => a.time_start - b.time_start);
  out.past.sort((a, b) => b.time_start - a.time_start);
  return out;
}

/** "In progress" while now is inside the slot, "Passed" after it, nothing before. */
export function timeState(m: Meeting, now: number): 'inProgress' | 'passed' | null {
  if (now >= m.time_end) return 'passed';
  if (now >= m.time_start) return 'inProgress';
  return null;
}
