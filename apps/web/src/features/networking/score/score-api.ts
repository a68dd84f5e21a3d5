import type { Leaderboard, NetworkingScore } from '@app/contract/schemas/networking-score';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { hubKeys } from '../api/keys.ts';

/** My points, level, badges and their sources (the hub home and the rating details); live through `networkingActivity` 'score'. */
export function useScore(moduleId: number) {
  return useQuery({
    queryKey: [...hubKeys.score, moduleId],
    queryFn: async () => (await api<NetworkingScore>(`/networking/${moduleId}/score`)).data,
    enabled: moduleId > 0,
  });
}

/** The leaderboard: refetched when the app's points move (`networkingActivity` 'leaderboard') and when mine do ('score'). */
export function useLeaderboard(moduleId: number) {
  return useQuery({
    queryKey: [...hubKeys.leaderboard, moduleId],
    queryFn: async () => (await api<Leaderboard>(`/networking/${moduleId}/leaderboard`)).data,
    enabled: moduleId > 0,
  });
}
