/** Query keys of the events module: all start with the module type. */
export interface EventsFilter {
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
}

export const eventsKey = (m: number) => ['events', m] as const;
export const overviewKey = (m: number) => ['events', m, 'overview'] as const;
export const listKey = (m: number, f: EventsFilter) => ['events', m, 'list', f] as const;
export const listsKey = (m: number) => ['events', m, 'list'] as const;
export const eventKey = (m: number, id: number) => ['events', m, 'event', id] as const;
export const speakerKey = (m: number, id: number, speakerId: number) => ['events', m, 'speaker', id, speakerId] as const;
/** The attendees block's query (ui/related-users.tsx). */
export const attendeesKey = (id: number) => ['related-users', 'event', id] as const;
