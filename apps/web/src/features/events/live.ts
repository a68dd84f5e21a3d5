import type { EventRegistrationsEvent } from '@app/contract/schemas/events';
import type { RelatedUser } from '@app/contract/schemas/users';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { session } from '../../lib/session.ts';
import { patchEvent } from './api/events-api.ts';
import { attendeesKey, eventKey } from './api/keys.ts';

/** What the socket brings, into the query cache (loaded with the first event, not with the app). */

interface AttendeesPage {
  items: RelatedUser[];
  page: number;
  pageCount: number;
  total: number;
}

/** A registration changed somewhere: counts in lists and details, the member in or out of the attendees. */
export function onRegistrations(qc: QueryClient, e: EventRegistrationsEvent) {
  const mine = e.user_id !== null && e.user_id === session.get().userId;
  patchEvent(qc, e.app_module_id, e.event_id, {
    registrations_count: e.registrations_count,
    places_left: e.places_left,
    ...(mine ? { registered: e.registered } : {}),
  });
  // The reader's own change (another tab or device): the join link comes or goes with it.
  if (mine) void qc.invalidateQueries({ queryKey: eventKey(e.app_module_id, e.event_id) });
  qc.setQueryData<InfiniteData<AttendeesPage, number>>(attendeesKey(e.event_id), (data) => {
    const first = data?.pages[0];
    if (!data || !first) return data;
    // Someone not listed in the directory: the count moved, the list stays as it is.
    const { user, user_id: who } = e;
    if (who === null) return data;
    const present = data.pages.some((p) => p.items.some((u) => u.id === who));
    if (e.registered === present) return data;
    if (e.registered && !user) return data;
    const pages =
      user && e.registered
        ? [{ ...first, items: [user, ...first.items], total: first.total + 1 }, ...data.pages.slice(1)]
        : data.pages.map((p, i) => ({
            ...p,
            items: p.items.filter((u) => u.id !== who),
            total: i === 0 ? Math.max(0, p.total - 1) : p.total,
          }));
    return { ...data, pages };
  });
}
