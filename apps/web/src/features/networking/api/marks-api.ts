import type { Networker, NetworkerMark } from '@app/contract/schemas/networking-hub';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { hubKeys } from './keys.ts';

const path = (moduleId: number, id: number) => `/networking/${moduleId}/networkers/${id}`;

/** One networker card (the scanned badge, a session partner). */
export function useNetworker(moduleId: number, id: number, enabled = true) {
  return useQuery({
    queryKey: hubKeys.card(moduleId, id),
    queryFn: async () => (await api<Networker>(path(moduleId, id))).data,
    enabled: enabled && id > 0,
  });
}

/**
 * Shortlist or skip a networker, or undo it (spec 3 §4). The answer is the card as it is now; the
 * lists and my points are refetched (the socket's `networkingActivity` says so too, for my other tabs).
 */
export function useMarkNetworker(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, mark, on }: { id: number; mark: NetworkerMark; on: boolean }) => {
      const url = `${path(moduleId, id)}/${mark === 'liked' ? 'like' : 'skip'}`;
      return (await api<Networker>(url, { method: on ? 'POST' : 'DELETE' })).data;
    },
    onSuccess: (card) => {
      queryClient.setQueryData(hubKeys.card(moduleId, card.id), card);
      void queryClient.invalidateQueries({ queryKey: hubKeys.lists });
      void queryClient.invalidateQueries({ queryKey: hubKeys.score });
    },
  });
}
