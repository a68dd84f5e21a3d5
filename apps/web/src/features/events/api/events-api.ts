import type { EndpointResult } from '@app/contract/endpoint';
import type { eventsEndpoints as E, EventCard, EventDetail, RegistrationAnswer } from '@app/contract/schemas/events';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiOptions, api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/app-state.ts';
import { nullIfNotFound } from '../../../lib/not-found.ts';
import { type EventsFilter, eventKey, eventsKey, listKey, listsKey, overviewKey, speakerKey } from './keys.ts';

/**
 * The events calls by path, typed from the contract with a type-only import (zod stays out of the
 * chunk; the server validates). Live registrations write into the same cache entries (live.ts).
 */
function call<K extends keyof typeof E>(_endpoint: K, path: string, opts: ApiOptions = {}) {
  return api<EndpointResult<(typeof E)[K]>>(path, opts);
}

const base = (m: number) => `/events/${m}`;
export const eventUrl = (m: number, id: number) => `/events/${m}/event/${id}`;
export const agendaUrl = (m: number, id: number) => `/events/${m}/event/${id}/agenda`;
export const speakerUrl = (m: number, id: number, speakerId: number) => `/events/${m}/event/${id}/details/speaker/${speakerId}`;

export const overviewQuery = (m: number) =>
  queryOptions({
    queryKey: overviewKey(m),
    queryFn: async ({ signal }) => (await call('overview', `${base(m)}/overview`, { signal })).data,
  });
export const useOverview = (m: number) => useQuery(overviewQuery(m));
export const prefetchOverview = (m: number) => queryClient.prefetchQuery(overviewQuery(m));

export const useEvents = (m: number, f: EventsFilter, enabled = true) =>
  useQuery({
    queryKey: listKey(m, f),
    queryFn: async ({ signal }) =>
      (await call('list', `${base(m)}/events`, { query: { from: f.from, to: f.to, search: f.search || undefined }, signal })).data,
    enabled,
  });

const eventQuery = (m: number, id: number) =>
  queryOptions({
    queryKey: eventKey(m, id),
    // null: no such event (the page says so; no shell dialog, no second request after the prefetch).
    queryFn: ({ signal }) => nullIfNotFound(call('get', `${base(m)}/events/${id}`, { signal, ownNotFound: true })),
  });
export const useEvent = (m: number, id: number) => useQuery(eventQuery(m, id));
export const prefetchEvent = (m: number, id: number) => queryClient.prefetchQuery(eventQuery(m, id));

export const useSpeaker = (m: number, id: number, speakerId: number) =>
  useQuery({
    queryKey: speakerKey(m, id, speakerId),
    queryFn: ({ signal }) =>
      nullIfNotFound(call('speaker', `${base(m)}/events/${id}/speakers/${speakerId}`, { signal, ownNotFound: true })),
  });

/** Writes an event's new fields into every list and its details. */
export function patchEvent(qc: QueryClient, m: number, id: number, patch: Partial<EventDetail>) {
  qc.setQueriesData<EventCard[]>({ queryKey: listsKey(m) }, (list) => list?.map((e) => (e.id === id ? { ...e, ...patch } : e)));
  qc.setQueryData<EventDetail>(eventKey(m, id), (d) => (d ? { ...d, ...patch } : d));
}

/** Register (optionally confirming an external registration) or unregister; the answer goes into the cache. */
export function useRegistration(m: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, on, external }: { id: number; on: boolean; external?: boolean }): Promise<RegistrationAnswer> =>
      on
        ? (await call('register', `${base(m)}/events/${id}/registration`, { method: 'POST', body: external ? { external: true } : {} }))
            .data
        : (await call('unregister', `${base(m)}/events/${id}/registration`, { method: 'DELETE' })).data,
    onSuccess: (r, { id }) => patchEvent(qc, m, id, r),
    onError: () => {
      // A refusal (full, over) may mean the counts moved: fetch them again.
      void qc.invalidateQueries({ queryKey: eventsKey(m) });
    },
  });
}

/** Reports of the event, a speaker or a section (once per member on the server). */
export function useFlag(m: number, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (target: { type: 'event' } | { type: 'speaker'; id: number } | { type: 'section'; id: number }) => {
      if (target.type === 'event') return (await call('flag', `${base(m)}/events/${id}/flag`, { method: 'POST' })).data;
      if (target.type === 'speaker')
        return (await call('flagSpeaker', `${base(m)}/events/${id}/speakers/${target.id}/flag`, { method: 'POST' })).data;
      return (await call('flagSection', `${base(m)}/events/${id}/sections/${target.id}/flag`, { method: 'POST' })).data;
    },
    onSuccess: (_r, target) => {
      qc.setQueryData<EventDetail>(eventKey(m, id), (d) => {
        if (!d) return d;
        if (target.type === 'event') return { ...d, reported: true };
        if (target.type === 'speaker') return { ...d, reported_speakers: [...d.reported_speakers, target.id] };
        return { ...d, sections: d.sections.map((s) => (s.id === target.id ? { ...s, reported: true } : s)) };
      });
      if (target.type === 'speaker')
        qc.setQueryData(speakerKey(m, id, target.id), (s: object | undefined) => (s ? { ...s, reported: true } : s));
    },
  });
}
