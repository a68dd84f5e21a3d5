/** Limits of the catalog, without zod: the web pages import them without the schemas. */
export const CATALOG_LIMITS = {
  /** Longest search string. */
  searchMax: 100,
  /** Longest note a member adds to a want-to-buy request. */
  noteMax: 1000,
  /** Items per page of the list (the client's choice; the server takes any `per-page`). */
  perPage: 20,
} as const;
