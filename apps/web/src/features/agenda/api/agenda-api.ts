import { AGENDA_ICS } from '@app/contract/agenda-constants';
import type { EndpointResult } from '@app/contract/endpoint';
import type {
  AgendaSession,
  agendaEndpoints as E,
  PublicQuestion,
  PublicSession,
  Question,
  SessionDetail,
} from '@app/contract/schemas/agenda';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiOptions, api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/app-state.ts';
import { nullIfNotFound } from '../../../lib/not-found.ts';

/**
 * The agenda's calls by path, typed from the contract with a type-only import (zod stays out of the
 * chunk; the server validates). Live events write into the same cache entries (live.ts).
 */
function call<K extends keyof typeof E>(_endpoint: K, path: string, opts: ApiOptions = {}) {
  return api<EndpointResult<(typeof E)[K]>>(path, opts);
}

export interface SessionsFilter {
  from?: string | undefined;
  to?: string | undefined;
  tracks?: string[] | undefined;
  my?: boolean | undefined;
  search?: string | undefined;
}

export const agendaKey = (m: number) => ['agenda', m] as const;
export const overviewKey = (m: number) => ['agenda', m, 'overview'] as const;
export const sessionsKey = (m: number, f: SessionsFilter) => ['agenda', m, 'sessions', f] as const;
export const sessionKey = (m: number, id: number) => ['agenda', m, 'session', id] as const;
export const questionsKey = (m: number, id: number) => ['agenda', m, 'questions', id] as const;
export const speakerKey = (m: number, id: number) => ['agenda', m, 'speaker', id] as const;
export const feedKey = (m: number) => ['agenda', m, 'feed'] as const;

const base = (m: number) => `/agenda/${m}`;
export const sessionUrl = (m: number, id: number) => `/agenda/${m}/${id}`;
export const speakerUrl = (m: number, sessionId: number, speakerId: number) => `/agenda/${m}/${sessionId}/${speakerId}`;

export const overviewQuery = (m: number) =>
  queryOptions({
    queryKey: overviewKey(m),
    queryFn: async ({ signal }) => (await call('overview', `${base(m)}/overview`, { signal })).data,
  });
export const useOverview = (m: number) => useQuery(overviewQuery(m));
export const prefetchOverview = (m: number) => queryClient.prefetchQuery(overviewQuery(m));

export const sessionsQuery = (m: number, f: SessionsFilter) =>
  queryOptions({
    queryKey: sessionsKey(m, f),
    queryFn: async ({ signal }) =>
      (
        await call('sessions', `${base(m)}/sessions`, {
          query: {
            from: f.from,
            to: f.to,
            track: f.tracks?.length ? f.tracks.join(',') : undefined,
            my: f.my ? '1' : undefined,
            search: f.search || undefined,
          },
          signal,
        })
      ).data,
  });
/**
 * Attendee counts the reader just changed: the server's cached lists may lag by up to 30 s
 * (docs/decisions.md "Agenda"), so a list refetched meanwhile shows these instead.
 */
const freshCounts = new Map<number, { count: number; until: number }>();
function withFreshCounts(list: AgendaSession[]): AgendaSession[] {
  if (freshCounts.size === 0) return list;
  const now = Date.now();
  return list.map((s) => {
    const fresh = freshCounts.get(s.id);
    if (!fresh) return s;
    if (fresh.until < now) {
      freshCounts.delete(s.id);
      return s;
    }
    return { ...s, attendees_count: fresh.count };
  });
}

export const useSessions = (m: number, f: SessionsFilter, enabled = true) =>
  useQuery({ ...sessionsQuery(m, f), enabled, select: withFreshCounts });

export const sessionQuery = (m: number, id: number) =>
  queryOptions({
    queryKey: sessionKey(m, id),
    // null: no such session (the page says so; no shell dialog, no second request after the prefetch).
    queryFn: ({ signal }) => nullIfNotFound(call('session', `${base(m)}/sessions/${id}`, { signal, ownNotFound: true })),
  });
export const useSession = (m: number, id: number) => useQuery(sessionQuery(m, id));
export const prefetchSession = (m: number, id: number) => queryClient.prefetchQuery(sessionQuery(m, id));

export const useQuestions = (m: number, id: number) =>
  useQuery({
    queryKey: questionsKey(m, id),
    queryFn: async ({ signal }) => (await call('questions', `${base(m)}/sessions/${id}/questions`, { signal })).data,
  });

export const useSpeaker = (m: number, id: number) =>
  useQuery({
    queryKey: speakerKey(m, id),
    queryFn: ({ signal }) => nullIfNotFound(call('speaker', `${base(m)}/speakers/${id}`, { signal, ownNotFound: true })),
  });

export const useFeed = (m: number) =>
  useQuery({ queryKey: feedKey(m), queryFn: async ({ signal }) => (await call('feed', `${base(m)}/calendar-feed`, { signal })).data });

/** Writes a session's new fields everywhere it is cached (lists, details, speakers), keeping the reader's own. */
export function patchSessionEverywhere(qc: QueryClient, m: number, s: Partial<PublicSession> & { id: number }) {
  // Never back to an older version (a late event or a list cached before the change).
  const merge = <T extends { id: number; version?: number }>(x: T): T =>
    x.id === s.id && (s.version === undefined || x.version === undefined || s.version >= x.version) ? { ...x, ...s } : x;
  qc.setQueriesData<AgendaSession[]>({ queryKey: [...agendaKey(m), 'sessions'] }, (list) => list?.map(merge));
  qc.setQueriesData<SessionDetail>({ queryKey: sessionKey(m, s.id) }, (d) => (d ? merge(d) : d));
  qc.setQueriesData<{ sessions: AgendaSession[] }>({ queryKey: [...agendaKey(m), 'speaker'] }, (d) =>
    d ? { ...d, sessions: d.sessions.map(merge) } : d,
  );
}

/** Most voted first, then oldest (the server's order). */
export const byVotes = (a: PublicQuestion, b: PublicQuestion) => b.votes_count - a.votes_count || a.id - b.id;

/** A question into a session's list: replaced (keeping the reader's vote mark unless given) or added. */
export function putQuestion(qc: QueryClient, m: number, q: PublicQuestion & { voted?: boolean }) {
  qc.setQueryData<Question[]>(questionsKey(m, q.session_id), (list) => {
    if (!list) return list;
    const old = list.find((x) => x.id === q.id);
    const next: Question = { ...q, voted: q.voted ?? old?.voted ?? false };
    return (old ? list.map((x) => (x.id === q.id ? next : x)) : [...list, next]).sort(byVotes);
  });
}

export function useScheduleToggle(m: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, on }: { id: number; on: boolean }) =>
      (await call(on ? 'addToSchedule' : 'removeFromSchedule', `${base(m)}/sessions/${id}/schedule`, { method: on ? 'POST' : 'DELETE' }))
        .data,
    onMutate: ({ id, on }) => patchSessionEverywhere(qc, m, { id, in_schedule: on } as Partial<AgendaSession> & { id: number }),
    onSuccess: (r, { id }) => {
      freshCounts.set(id, { count: r.attendees_count, until: Date.now() + 35_000 });
      patchSessionEverywhere(qc, m, { id, attendees_count: r.attendees_count, in_schedule: r.in_schedule } as Partial<AgendaSession> & {
        id: number;
      });
      void qc.invalidateQueries({ queryKey: [...agendaKey(m), 'sessions', { my: true }], exact: false });
      void qc.invalidateQueries({ queryKey: overviewKey(m) });
    },
    onError: (_e, { id, on }) => patchSessionEverywhere(qc, m, { id, in_schedule: !on } as Partial<AgendaSession> & { id: number }),
  });
}

export const agendaCalls = {
  ask: (m: number, id: number, text: string) => call('ask', `${base(m)}/sessions/${id}/questions`, { method: 'POST', body: { text } }),
  vote: (m: number, id: number, q: number, on: boolean) =>
    call(on ? 'vote' : 'unvote', `${base(m)}/sessions/${id}/questions/${q}/vote`, { method: on ? 'POST' : 'DELETE' }),
  answered: (m: number, id: number, q: number, answered: boolean) =>
    call('answered', `${base(m)}/sessions/${id}/questions/${q}/answered`, { method: 'PUT', body: { answered } }),
  deleteQuestion: (m: number, id: number, q: number) =>
    call('deleteQuestion', `${base(m)}/sessions/${id}/questions/${q}`, { method: 'DELETE' }),
  rate: (m: number, id: number, rating: number, comment: string) =>
    call('rate', `${base(m)}/sessions/${id}/rating`, { method: 'PUT', body: { rating, comment } }),
  patch: (m: number, id: number, body: { starts_at?: string; ends_at?: string; location?: string; cancelled?: boolean }) =>
    call('patchSession', `${base(m)}/sessions/${id}`, { method: 'PATCH', body }),
  newFeed: (m: number) => call('newFeed', `${base(m)}/calendar-feed`, { method: 'POST' }),
  revokeFeed: (m: number) => call('revokeFeed', `${base(m)}/calendar-feed`, { method: 'DELETE' }),
};

/** Downloads a calendar file (the access token goes in a header, so not a plain link). */
export async function downloadIcs(path: string, filename: string) {
  const { data } = await api<string>(path, { silent: true });
  const url = URL.createObjectURL(new Blob([data], { type: 'text/calendar' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const icsPaths = AGENDA_ICS;
