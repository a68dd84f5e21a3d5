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
  /** Files one message carries. */
  attachmentsMax: 10,
  /** A group logo's upload (the avatar's limit). */
  logoMaxBytes: 5 * 1024 * 1024,
  pageDefault: 30,
  pageMax: 100,
} as const;

/** Files for messages: uploaded one per request (multipart, field `file`), then named in the message's `attachment_ids`. */
export const CHAT_UPLOAD = { path: '/chats/:app_module_id/uploads', field: 'file' } as const;
/** A group's logo (its owner; multipart, field `logo`): stored as a 512 px WebP like avatars. */
export const CHAT_LOGO = { path: '/chats/:app_module_id/chats/:id/logo', field: 'logo' } as const;
