/**
 * The constants of the content kit (issue 8) without zod, so that pages which only need a limit or
 * the module types do not load the schemas (packages/contract/src/schemas/content.ts re-exports them).
 */

export const CONTENT_TYPES = ['blogs', 'news', 'forums'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_LIMITS = {
  titleMax: 200,
  /** Characters of sanitised HTML. */
  bodyMax: 100_000,
  commentMax: 5_000,
  locationMax: 200,
  pollTitleMax: 140,
  /** One rule for every locale (docs/decisions.md "Poll option length"). */
  pollOptionMax: 50,
  pollOptionsMin: 2,
  pollOptionsMax: 10,
  /** Comments are indented up to this depth, deeper replies show "replying to". */
  commentIndentMax: 3,
  searchMax: 100,
  /** Attachments of one post (spec 2 §5 names no number). */
  attachmentsMax: 10,
} as const;

/**
 * The upload call: `POST /content/:app_module_id/uploads`, multipart, one file in field `file`,
 * at most the app's `max_upload_size` (menu answer); answers an `attachment`. The type is read from
 * the bytes, never from the name: these are the types accepted (the web's `accept=`).
 */
export const CONTENT_UPLOAD = {
  path: '/content/:app_module_id/uploads',
  field: 'file',
  images: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  /** ZIP covers Office and OpenDocument files (they are ZIP archives); always served as a download. */
  documents: ['application/pdf', 'application/zip'],
} as const;
