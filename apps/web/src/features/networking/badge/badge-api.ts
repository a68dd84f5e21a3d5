import type { MetPerson, MyBadge, ScannedBadge } from '@app/contract/schemas/networking-badge';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { meta } from '../../../lib/meta.ts';
import { hubKeys } from '../api/keys.ts';

const base = (moduleId: number) => `/networking/${moduleId}/badge`;
export const myBadgeKey = (moduleId: number) => [...hubKeys.badge, 'mine', moduleId] as const;
/** Under `lists`: a scan by someone else (`networkingActivity` what: lists) refetches it live. */
export const metKey = (moduleId: number) => [...hubKeys.lists, 'badge-met', moduleId] as const;

/** The last badge shown, kept on the device so the screen still shows it without a connection. */
const offlineKey = (moduleId: number, userId: number | null) => `${meta.app_key}:networking-badge:${userId ?? 0}:${moduleId}`;
function readOffline(moduleId: number, userId: number | null): MyBadge | undefined {
  try {
    const raw = localStorage.getItem(offlineKey(moduleId, userId));
    return raw ? (JSON.parse(raw) as MyBadge) : undefined;
  } catch {
    return undefined;
  }
}
function keepOffline(moduleId: number, userId: number | null, badge: MyBadge) {
  try {
    localStorage.setItem(offlineKey(moduleId, userId), JSON.stringify(badge));
  } catch {
    // A full or blocked storage only loses the offline copy.
  }
}

/** My badge: fetched, kept on the device, and shown from there while offline. */
export function useMyBadge(moduleId: number, userId: number | null) {
  return useQuery({
    queryKey: myBadgeKey(moduleId),
    queryFn: async () => {
      const badge = (await api<MyBadge>(base(moduleId))).data;
      keepOffline(moduleId, userId, badge);
      return badge;
    },
    initialData: () => readOffline(moduleId, userId),
    // The kept copy is shown at once and refreshed behind it.
    initialDataUpdatedAt: 0,
    networkMode: 'offlineFirst',
  });
}

/** "Make a new badge": the old links stop working. */
export function useRenewBadge(moduleId: number, userId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api<MyBadge>(`${base(moduleId)}/renew`, { method: 'POST' })).data,
    onSuccess: (badge) => {
      keepOffline(moduleId, userId, badge);
      qc.setQueryData(myBadgeKey(moduleId), badge);
    },
  });
}

/** People I met by badge, newest first. */
export function useMetPeople(moduleId: number) {
  return useQuery({
    queryKey: metKey(moduleId),
    queryFn: async () => (await api<MetPerson[]>(`${base(moduleId)}/met`)).data,
  });
}

/**
 * Opens a scanned badge once (the call records the scan): its own key, which no socket event
 * refetches; the person's card is put where the card actions update it.
 */
export function useResolveBadge(moduleId: number, token: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: [...hubKeys.all, 'badge-resolve', moduleId, token],
    queryFn: async () => {
      const res = (await api<ScannedBadge>(`${base(moduleId)}/resolve`, { method: 'POST', body: { token }, ownNotFound: true })).data;
      qc.setQueryData(hubKeys.card(moduleId, res.person.id), res.person);
      void qc.invalidateQueries({ queryKey: metKey(moduleId) });
      return res;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
    enabled: token.length > 0,
  });
}
