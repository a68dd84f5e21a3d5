import { fillPath } from '@app/contract/endpoint';
import {
  type ConsoleEvent,
  type ConsoleEventInput,
  EVENT_REGISTRATIONS_EXPORT_PATH,
  consoleEventsEndpoints as e,
} from '@app/contract/schemas/console-events';
import { consoleMembersEndpoints } from '@app/contract/schemas/console-members';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';

/** The area's calls: one query or mutation per contract endpoint, all keyed under the app. */
const key = (appId: number) => ['console', 'events', appId] as const;

export const PER_PAGE = 20;

export function useEvents(appId: number, moduleId: number | undefined, page: number) {
  return useQuery({
    queryKey: [...key(appId), 'list', moduleId, page],
    queryFn: () => callApi(e.list, { params: { app_id: appId }, query: { module_id: moduleId ?? 0, page, 'per-page': PER_PAGE } }),
    enabled: moduleId !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useEvent(appId: number, id: number | undefined) {
  return useQuery({
    queryKey: [...key(appId), 'one', id],
    queryFn: () => callApi(e.get, { params: { app_id: appId, id: id ?? 0 } }).then((r) => r.data),
    enabled: id !== undefined,
  });
}

export function useRegistrations(appId: number, id: number, page: number) {
  return useQuery({
    queryKey: [...key(appId), 'registrations', id, page],
    queryFn: () => callApi(e.registrations, { params: { app_id: appId, id }, query: { page, 'per-page': PER_PAGE } }),
    placeholderData: keepPreviousData,
  });
}

/** Every write refreshes the area's lists and the event (the attendee app hears it over its socket). */
function useWrite<V, R>(appId: number, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: key(appId) }) });
}

export const useSaveEvent = (appId: number) =>
  useWrite(appId, ({ id, moduleId, body }: { id: number | undefined; moduleId: number; body: ConsoleEventInput }) =>
    (id === undefined
      ? callApi(e.create, { params: { app_id: appId }, body: { ...body, app_module_id: moduleId } })
      : callApi(e.update, { params: { app_id: appId, id }, body })
    ).then((r) => r.data),
  );

export const useDuplicateEvent = (appId: number) =>
  useWrite(appId, (id: number) => callApi(e.duplicate, { params: { app_id: appId, id } }).then((r) => r.data));

export const useDeleteEvent = (appId: number) =>
  useWrite(appId, (id: number) => callApi(e.remove, { params: { app_id: appId, id } }).then((r) => r.data));

export const useEventState = (appId: number) =>
  useWrite(appId, ({ id, ...body }: { id: number; cancelled?: boolean; registration_closed?: boolean }) =>
    callApi(e.state, { params: { app_id: appId, id }, body }).then((r) => r.data),
  );

export const usePreviewImport = (appId: number) =>
  useMutation({
    mutationFn: ({ id, csv }: { id: number; csv: string }) =>
      callApi(e.importPreview, { params: { app_id: appId, id }, body: { csv } }).then((r) => r.data),
  });

export const useImport = (appId: number) =>
  useWrite(appId, ({ id, csv }: { id: number; csv: string }) =>
    callApi(e.import, { params: { app_id: appId, id }, body: { csv } }).then((r) => r.data),
  );

export const exportRegistrations = (appId: number, id: number) =>
  downloadFile(fillPath(EVENT_REGISTRATIONS_EXPORT_PATH, { app_id: appId, id }), {}, `registrations-${id}.csv`);

/** Members of the app whose name or address matches (a speaker's linked member). */
export function useMemberSearch(appId: number, q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: [...key(appId), 'member-search', term],
    queryFn: () =>
      callApi(consoleMembersEndpoints.list, { params: { app_id: appId }, query: { q: term, page: 1, 'per-page': 8 } }).then((r) => r.data),
    enabled: term.length >= 2,
    staleTime: 30_000,
  });
}

export type { ConsoleEvent };
