import { PAGINATION_HEADERS } from '@app/contract/constants';
import type { Networker } from '@app/contract/schemas/networking-hub';
import { TOPIC_LIMITS, type Topic, type TopicComment, type TopicInput, type TopicSort } from '@app/contract/schemas/networking-topics';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';
import { nullIfNotFound } from '../../../../lib/not-found.ts';
import { topicKeys } from './keys.ts';

/** The topic calls by path, typed from the contract with type-only imports (the server validates). */
const base = (moduleId: number) => `/networking/${moduleId}/topics`;

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

async function page<T>(path: string, query: Record<string, string | number>, pageParam: number, signal: AbortSignal): Promise<Page<T>> {
  const res = await api<T[]>(path, { query: { ...query, page: pageParam }, signal });
  const total = Number(res.headers.get(PAGINATION_HEADERS.totalCount) ?? res.data.length);
  return { items: res.data, page: pageParam, pageCount: res.pageCount, total };
}

const next = <T>(last: Page<T>) => (last.page < last.pageCount ? last.page + 1 : undefined);

/** Every item of the loaded pages once (a page boundary repeats one when items were added meanwhile). */
export function allOf<T extends { id: number }>(data: InfiniteData<Page<T>> | undefined): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const p of data?.pages ?? [])
    for (const it of p.items)
      if (!seen.has(it.id)) {
        seen.add(it.id);
        out.push(it);
      }
  return out;
}

export const useTopics = (moduleId: number, sort: TopicSort, joined: boolean, search: string) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: topicKeys.list(moduleId, sort, joined, search),
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) =>
        page<Topic>(
          base(moduleId),
          { 'per-page': TOPIC_LIMITS.perPage, sort, ...(joined ? { joined: 'true' } : {}), ...(search ? { search } : {}) },
          pageParam,
          signal,
        ),
      getNextPageParam: next,
    }),
  );

export const useTopic = (moduleId: number, id: number) =>
  useQuery({
    queryKey: topicKeys.topic(moduleId, id),
    queryFn: ({ signal }) => nullIfNotFound(api<Topic>(`${base(moduleId)}/${id}`, { signal, ownNotFound: true })),
  });

export const useTopicMembers = (moduleId: number, id: number, enabled: boolean) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: topicKeys.members(moduleId, id),
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) => page<Networker>(`${base(moduleId)}/${id}/members`, { 'per-page': 20 }, pageParam, signal),
      getNextPageParam: next,
      enabled,
    }),
  );

export const useTopicComments = (moduleId: number, id: number, enabled: boolean) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: topicKeys.comments(moduleId, id),
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) => page<TopicComment>(`${base(moduleId)}/${id}/comments`, { 'per-page': 50 }, pageParam, signal),
      getNextPageParam: next,
      enabled,
    }),
  );

/** Every write on topics: each stores the answer and refetches what it changed. */
export function useTopicActions(moduleId: number) {
  const qc = useQueryClient();
  const lists = () => void qc.invalidateQueries({ queryKey: topicKeys.lists(moduleId) });
  const store = (topic: Topic) => {
    qc.setQueryData(topicKeys.topic(moduleId, topic.id), topic);
    lists();
  };
  const post = async <T>(path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown) =>
    (await api<T>(`${base(moduleId)}${path}`, { method, ...(body ? { body } : {}) })).data;
  return {
    create: useMutation({ mutationFn: (input: TopicInput) => post<Topic>('', 'POST', input), onSuccess: store }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: TopicInput }) => post<Topic>(`/${id}`, 'PUT', input),
      onSuccess: store,
    }),
    remove: useMutation({
      mutationFn: (id: number) => post<{ success: true }>(`/${id}`, 'DELETE'),
      onSuccess: (_d, id) => {
        qc.removeQueries({ queryKey: topicKeys.topic(moduleId, id) });
        lists();
      },
    }),
    like: useMutation({
      mutationFn: ({ id, on }: { id: number; on: boolean }) => post<Topic>(`/${id}/like`, on ? 'POST' : 'DELETE'),
      onSuccess: store,
    }),
    join: useMutation({
      mutationFn: ({ id, on }: { id: number; on: boolean }) => post<Topic>(`/${id}/join`, on ? 'POST' : 'DELETE'),
      onSuccess: (topic) => {
        store(topic);
        void qc.invalidateQueries({ queryKey: topicKeys.members(moduleId, topic.id) });
      },
    }),
    flag: useMutation({
      mutationFn: (id: number) => post<{ success: true }>(`/${id}/flag`, 'POST'),
      onSuccess: (_d, id) =>
        qc.setQueryData<Topic | null>(topicKeys.topic(moduleId, id), (old) => (old ? { ...old, reported: true } : old)),
    }),
    comment: useMutation({
      mutationFn: ({ id, body }: { id: number; body: string }) => post<TopicComment>(`/${id}/comments`, 'POST', { body }),
      onSuccess: (_c, { id }) => {
        void qc.invalidateQueries({ queryKey: topicKeys.comments(moduleId, id) });
        void qc.invalidateQueries({ queryKey: topicKeys.topic(moduleId, id), exact: true });
        lists();
      },
    }),
    removeComment: useMutation({
      mutationFn: ({ id, commentId }: { id: number; commentId: number }) =>
        post<{ success: true }>(`/${id}/comments/${commentId}`, 'DELETE'),
      onSuccess: (_d, { id }) => {
        void qc.invalidateQueries({ queryKey: topicKeys.comments(moduleId, id) });
        void qc.invalidateQueries({ queryKey: topicKeys.topic(moduleId, id), exact: true });
        lists();
      },
    }),
    flagComment: useMutation({
      mutationFn: ({ id, commentId }: { id: number; commentId: number }) =>
        post<{ success: true }>(`/${id}/comments/${commentId}/flag`, 'POST'),
      onSuccess: (_d, { id }) => void qc.invalidateQueries({ queryKey: topicKeys.comments(moduleId, id) }),
    }),
  };
}
