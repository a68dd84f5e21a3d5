import {
  type AgendaGrid,
  type ConsoleRoom,
  type ConsoleSession,
  type ConsoleSessionDetail,
  type ConsoleSpeaker,
  type ConsoleTrack,
  consoleAgendaEndpoints as e,
  type RoomInput,
  type SessionInput,
  type SessionMove,
  type SpeakerInput,
  type TrackInput,
} from '@app/contract/schemas/console-agenda';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';

/** The area's calls, keyed under the app and the agenda module; every write refetches the module's grid. */
const key = (appId: number, moduleId: number) => ['console', 'agenda', appId, moduleId] as const;

export function useGrid(appId: number, moduleId: number) {
  return useQuery({
    queryKey: [...key(appId, moduleId), 'grid'],
    queryFn: ({ signal }) => callApi(e.grid, { params: { app_id: appId, module_id: moduleId } }, { signal }).then((r) => r.data),
  });
}

export function useSpeakers(appId: number, moduleId: number) {
  return useQuery({
    queryKey: [...key(appId, moduleId), 'speakers'],
    queryFn: ({ signal }) => callApi(e.speakers, { params: { app_id: appId, module_id: moduleId } }, { signal }).then((r) => r.data),
  });
}

export function useSessionDetail(appId: number, moduleId: number, id: number | undefined) {
  return useQuery({
    queryKey: [...key(appId, moduleId), 'session', id],
    queryFn: () => callApi(e.session, { params: { app_id: appId, module_id: moduleId, id: id ?? 0 } }).then((r) => r.data),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

type Kind = 'sessions' | 'tracks' | 'rooms' | 'speakerCrud';
type Body = { sessions: SessionInput; tracks: TrackInput; rooms: RoomInput; speakerCrud: SpeakerInput };
type Out = { sessions: ConsoleSessionDetail; tracks: ConsoleTrack; rooms: ConsoleRoom; speakerCrud: ConsoleSpeaker };

/** Creates (no id) or replaces one item of a kind. */
export function useSave<K extends Kind>(appId: number, moduleId: number, kind: K) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | undefined; body: Body[K] }): Promise<Out[K]> => {
      const ends = e[kind] as unknown as { create: typeof e.tracks.create; update: typeof e.tracks.update };
      const params = { app_id: appId, module_id: moduleId };
      const res =
        id === undefined
          ? await callApi(ends.create, { params, body: body as TrackInput })
          : await callApi(ends.update, { params: { ...params, id }, body: body as TrackInput });
      return res.data as unknown as Out[K];
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key(appId, moduleId) }),
  });
}

export function useRemove(appId: number, moduleId: number, kind: Kind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(e[kind].remove, { params: { app_id: appId, module_id: moduleId, id } }).then((r) => r.data),
    onSettled: () => qc.invalidateQueries({ queryKey: key(appId, moduleId) }),
  });
}

/** The grid's move: the grid shows it at once, and goes back if the server refuses. */
export function useMove(appId: number, moduleId: number) {
  const qc = useQueryClient();
  const gridKey = [...key(appId, moduleId), 'grid'];
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SessionMove }) =>
      callApi(e.move, { params: { app_id: appId, module_id: moduleId, id }, body }).then((r) => r.data),
    onMutate: async ({ id, body }) => {
      await qc.cancelQueries({ queryKey: gridKey });
      const before = qc.getQueryData<AgendaGrid>(gridKey);
      if (before)
        qc.setQueryData<AgendaGrid>(gridKey, {
          ...before,
          sessions: before.sessions.map((s) =>
            s.id === id
              ? { ...s, starts_at: body.starts_at, ends_at: body.ends_at, room_id: body.room_id === undefined ? s.room_id : body.room_id }
              : s,
          ),
        });
      return { before };
    },
    onError: (_err, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(gridKey, ctx.before);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key(appId, moduleId) }),
  });
}

export function usePublish(appId: number, moduleId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(e.publish, { params: { app_id: appId, module_id: moduleId } }).then((r) => r.data),
    onSettled: () => qc.invalidateQueries({ queryKey: key(appId, moduleId) }),
  });
}

export type { AgendaGrid, ConsoleRoom, ConsoleSession, ConsoleSessionDetail, ConsoleSpeaker, ConsoleTrack };
