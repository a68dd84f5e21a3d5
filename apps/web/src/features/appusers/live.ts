import type { ProfileUpdatedEvent } from '@app/contract/schemas/users';
import type { QueryClient } from '@tanstack/react-query';
import { listHolds } from '../../lib/cache-updates.ts';

/**
 * A member changed their profile: the directory lists showing them refetch (open) or go stale; when
 * they joined or left the directory, every list and the filters (which otherwise live their minute).
 */
export function onProfileUpdated(qc: QueryClient, { user_id, listing }: ProfileUpdatedEvent) {
  void qc.invalidateQueries({
    queryKey: ['appusers'],
    predicate: (q) => listing === true || listHolds(q.state.data, user_id),
  });
}
