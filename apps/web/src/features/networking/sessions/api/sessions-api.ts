import type { Session, SessionBody, SessionHistory, SessionMode, SessionView } from '@app/contract/schemas/networking-sessions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';
import { hubKeys } from '../../api/keys.ts';

/** Query keys of the session screens: under hubKeys.sessions, so `networkingActivity` and a return to the tab refetch them. */
export const sessionKeys = {
  view: (moduleId: number, mode: SessionMode) => [...hubKeys.sessions, 'view', moduleId, mode] as const,
  history: (moduleId: number, mode: SessionMode) => [...hubKeys.sessions, 'history', moduleId, mode] as const,
};

/** The speed or group networking page: the current session, the planned ones, and where I stand. */
export function useSessionView(moduleId: number, mode: SessionMode) {
  return useQuery({
    queryKey: sessionKeys.view(moduleId, mode),
    queryFn: async () => (await api<SessionView>(`/networking/${moduleId}/sessions/${mode}`)).data,
    refetchOnWindowFocus: true,
  });
}

export function useSessionHistory(moduleId: number, mode: SessionMode) {
  return useQuery({
    queryKey: sessionKeys.history(moduleId, mode),
    queryFn: async () => (await api<SessionHistory[]>(`/networking/${moduleId}/sessions/${mode}/history`)).data,
  });
}

export type MemberAction = 'join' | 'leave' | 'ready' | 'not-ready';

/** "I'm in", leave, "Ready", "Partner wasn't ready": the answer is the page as it is now. */
export function useSessionAction(moduleId: number, mode: SessionMode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: MemberAction }) =>
      (await api<SessionView>(`/networking/${moduleId}/sessions/${id}/${action}`, { method: 'POST' })).data,
    onSuccess: (view) => {
      queryClient.setQueryData(sessionKeys.view(moduleId, mode), view);
      void queryClient.invalidateQueries({ queryKey: hubKeys.score });
    },
  });
}

/** The owner's calls: plan, change, cancel, start now. */
export function useOwnerSessions(moduleId: number) {
  const queryClient = useQueryClient();
  const done = () => void queryClient.invalidateQueries({ queryKey: hubKeys.sessions });
  const save = useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: SessionBody }) =>
      (
        await api<Session>(id ? `/networking/${moduleId}/sessions/${id}` : `/networking/${moduleId}/sessions`, {
          method: id ? 'PUT' : 'POST',
          body,
        })
      ).data,
    onSuccess: done,
  });
  const act = useMutation({
    mutationFn: async ({ id, action }: { id: number; action: 'cancel' | 'start' }) =>
      (await api<Session>(`/networking/${moduleId}/sessions/${id}/${action}`, { method: 'POST' })).data,
    onSuccess: done,
  });
  return { save, act };
}
