/** The agenda's limits and file paths without zod, for pages that only need them (schemas/agenda.ts re-exports them). */

export const AGENDA_LIMITS = {
  questionMax: 500,
  ratingCommentMax: 1000,
  /** Sessions answered by one list call (a day of a large conference fits). */
  listMax: 500,
  /** Sessions of one agenda the server keeps at hand (a week-long festival fits). */
  moduleMax: 5000,
  searchMax: 100,
  /** Sessions' Q&A a socket watches at once. */
  watchMax: 5,
} as const;

/** Files (text/calendar), not JSON: outside the endpoint table, downloaded with the access token. */
export const AGENDA_ICS = {
  session: (moduleId: number, sessionId: number) => `/agenda/${moduleId}/sessions/${sessionId}/calendar.ics`,
  schedule: (moduleId: number) => `/agenda/${moduleId}/schedule.ics`,
  /** The public subscription feed: `?token=` is the member's secret. */
  feedPath: '/agenda/feed.ics',
} as const;
