import type { MeetingRow } from './networking.queries.ts';

/**
 * Who may do what with a 1:1 meeting (spec 3 §6; the spec leaves the rules open, these are ours,
 * docs/decisions.md "1:1 meetings"). A member who is neither party never learns the meeting
 * exists (404, asked before these).
 */
export const isParty = (m: Pick<MeetingRow, 'initiatorId' | 'inviteeId'>, userId: number) =>
  m.initiatorId === userId || m.inviteeId === userId;

/** Only the initiator changes the slot, place or message, while it is not answered no or cancelled. */
export const mayEdit = (m: MeetingRow, userId: number) => m.initiatorId === userId && (m.status === 'pending' || m.status === 'accepted');

/** Only the invitee answers, and only a waiting request. */
export const mayAnswer = (m: MeetingRow, userId: number) => m.inviteeId === userId && m.status === 'pending';

/** Either party cancels a waiting request (the initiator) or an accepted meeting (both). */
export const mayCancel = (m: MeetingRow, userId: number) =>
  (m.status === 'pending' && m.initiatorId === userId) || (m.status === 'accepted' && isParty(m, userId));
