import {
  type Announcement,
  type AnnouncementInput,
  type AnnouncementSegment,
  type AnnouncementStatus,
  consoleAnnouncementEndpoints as e,
  type SegmentChoices,
} from '@app/contract/schemas/console-announcements';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';

/** The area's calls: one query or mutation per contract endpoint, all keyed under the app. */
const key = (appId: number) => ['console', 'announcements', appId] as const;

export const PER_PAGE = 20;

export function useAnnouncements(appId: number, page: number, status: AnnouncementStatus | undefined) {
  return useQuery({
    queryKey: [...key(appId), 'list', page, status ?? 'all'],
    queryFn: () => callApi(e.list, { params: { app_id: appId }, query: { page, 'per-page': PER_PAGE, ...(status ? { status } : {}) } }),
    placeholderData: keepPreviousData,
    // While one is being sent, its count and status follow.
    refetchInterval: (q) => (q.state.data?.data.some((a) => a.status === 'sending') ? 2000 : false),
  });
}

export function useAnnouncement(appId: number, id: number | undefined) {
  return useQuery({
    queryKey: [...key(appId), 'one', id],
    queryFn: () => callApi(e.get, { params: { app_id: appId, id: id ?? 0 } }).then((r) => r.data),
    enabled: id !== undefined,
  });
}

export function useSegmentChoices(appId: number) {
  return useQuery({
    queryKey: [...key(appId), 'segments'],
    queryFn: () => callApi(e.segments, { params: { app_id: appId } }).then((r) => r.data),
    staleTime: 60_000,
  });
}

/** How many members a complete segment reaches now (none asked for an incomplete one). */
export function usePreviewCount(appId: number, segment: AnnouncementSegment | undefined) {
  return useQuery({
    queryKey: [...key(appId), 'count', segment],
    queryFn: () =>
      callApi(e.previewCount, { params: { app_id: appId }, body: { segment: segment ?? { kind: 'all' } } }).then((r) => r.data.count),
    enabled: segment !== undefined,
    staleTime: 10_000,
  });
}

/** Saves (creates or replaces), and with `send` sends it right after. */
export function useSaveAnnouncement(appId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, send }: { id: number | undefined; body: AnnouncementInput; send: boolean }) => {
      const saved =
        id === undefined
          ? (await callApi(e.create, { params: { app_id: appId }, body })).data
          : (await callApi(e.update, { params: { app_id: appId, id }, body })).data;
      return send ? (await callApi(e.send, { params: { app_id: appId, id: saved.id } })).data : saved;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key(appId) }),
  });
}

export function useCancelAnnouncement(appId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(e.cancel, { params: { app_id: appId, id } }).then((r) => r.data),
    onSettled: () => qc.invalidateQueries({ queryKey: key(appId) }),
  });
}

export type { Announcement, AnnouncementSegment, AnnouncementStatus, SegmentChoices };
