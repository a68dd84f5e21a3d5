import type { MyProfile, ProfileUpdatedEvent } from '@app/contract/schemas/users';
import type { QueryClient } from '@tanstack/react-query';
import { listHolds } from '../../lib/cache-updates.ts';
import { profileKeys } from './api/keys.ts';

/**
 * A member changed what others see of them (only the id travels): their page, favorites lists
 * holding them, and my own profile when it is me (another device) refetch if shown, else go stale.
 */
export function onProfileUpdated(qc: QueryClient, { user_id }: ProfileUpdatedEvent) {
  void qc.invalidateQueries({ queryKey: profileKeys.user(user_id) });
  void qc.invalidateQueries({ queryKey: profileKeys.allFavorites, predicate: (q) => listHolds(q.state.data, user_id) });
  if (qc.getQueryData<MyProfile>(profileKeys.me)?.id === user_id) void qc.invalidateQueries({ queryKey: profileKeys.me });
}
