/** The events module's limits without zod, for pages that only need them (schemas/events.ts re-exports them). */
export const EVENTS_LIMITS = {
  /** Events answered by one list call. */
  listMax: 200,
  /** Events of one module the server keeps at hand for its lists. */
  moduleMax: 2000,
  searchMax: 100,
} as const;

/** What a flag names: the event itself, one of its speakers or one of its custom sections. */
export const EVENT_FLAG_TARGETS = ['event', 'speaker', 'section'] as const;
export type EventFlagTarget = (typeof EVENT_FLAG_TARGETS)[number];
