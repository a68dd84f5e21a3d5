import { SOCKET_PATH } from '@app/contract/realtime';
import type { ModerationCountEvent } from '@app/contract/schemas/console-moderation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { api } from '../../lib/api.ts';
import { session } from '../../lib/session.ts';

/** Query keys of the moderation area: everything of one app under `['moderation', appId]`. */
export const moderationKeys = {
  all: (appId: number) => ['moderation', appId] as const,
  count: (appId: number) => ['moderation', appId, 'count'] as const,
  queue: (appId: number, status: string, kind: string, page: number) => ['moderation', appId, 'queue', status, kind, page] as const,
};

/**
 * One socket per console tab on the `/console` namespace, opened on first use with the console
 * token (socket.io-client loads then, not with the console's first screen). It watches the apps
 * asked for and hands each `moderationCount` to the listeners; a reconnection watches them again.
 */
let socket: Socket | undefined;
let opening: Promise<Socket> | undefined;
const watched = new Map<number, number>();
const listeners = new Set<(e: ModerationCountEvent) => void>();
let live = false;
const liveListeners = new Set<() => void>();
const setLive = (v: boolean) => {
  live = v;
  for (const l of liveListeners) l();
};

function open(): Promise<Socket> {
  if (socket) return Promise.resolve(socket);
  opening ??= import('socket.io-client').then(({ io }) => {
    const s = io('/console', { path: SOCKET_PATH, auth: { token: session.get() ?? '' }, transports: ['websocket'] });
    s.on('connect', () => {
      setLive(true);
      for (const appId of watched.keys()) s.emit('watch', { app_id: appId });
    });
    s.on('disconnect', () => setLive(false));
    s.on('connect_error', () => setLive(false));
    s.on('moderationCount', (e: ModerationCountEvent) => {
      for (const l of listeners) l(e);
    });
    socket = s;
    // Signed out: the socket goes with the session.
    session.subscribe(() => {
      if (!session.get()) {
        s.disconnect();
        socket = undefined;
        opening = undefined;
        setLive(false);
      }
    });
    return s;
  });
  return opening;
}

function watch(appId: number, onCount: (e: ModerationCountEvent) => void): () => void {
  watched.set(appId, (watched.get(appId) ?? 0) + 1);
  listeners.add(onCount);
  void open().then((s) => {
    if (s.connected) s.emit('watch', { app_id: appId });
  });
  return () => {
    listeners.delete(onCount);
    const n = (watched.get(appId) ?? 1) - 1;
    if (n <= 0) watched.delete(appId);
    else watched.set(appId, n);
  };
}

/** Whether the live channel is connected (the page says so when it is not). */
export function useModerationLive(): boolean {
  return useSyncExternalStore(
    (l) => {
      liveListeners.add(l);
      return () => void liveListeners.delete(l);
    },
    () => live,
    () => false,
  );
}

/**
 * The app's open count, kept live: a report filed anywhere updates it and marks the queue's pages
 * stale (the open page refetches). `enabled` false for roles without the queue.
 */
export function useModerationCount(appId: number | undefined, enabled = true): number | undefined {
  const queryClient = useQueryClient();
  const on = enabled && appId !== undefined;
  const q = useQuery({
    queryKey: moderationKeys.count(appId ?? 0),
    queryFn: () => api<{ open: number }>(`/console/api/apps/${appId}/moderation/count`).then((r) => r.data.open),
    enabled: on,
    staleTime: 30_000,
  });
  useEffect(() => {
    if (!on || appId === undefined) return undefined;
    return watch(appId, (e) => {
      if (e.app_id !== appId) return;
      queryClient.setQueryData(moderationKeys.count(appId), e.open);
      void queryClient.invalidateQueries({ queryKey: [...moderationKeys.all(appId), 'queue'] });
    });
  }, [on, appId, queryClient]);
  return q.data;
}
