/** The limits of chats (issue 9) without zod, for pages that only need a number (schemas/chats.ts re-exports them). */
export const CHAT_LIMITS = {
  /** A group's name (spec 2 §5 "Please use a shorter title!", no number given). */
  nameMax: 60,
  messageMax: 4_000,
  clientIdMax: 64,
  /** Members one call adds, and members of a group. */
  membersMax: 200,
  /** Messages one call deletes (select several). */
  deleteMax: 100,
  pageDefault: 30,
  pageMax: 100,
} as const;
