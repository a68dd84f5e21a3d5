import { PAGINATION_HEADERS } from '@app/contract/constants';
import type { EndpointResult } from '@app/contract/endpoint';
import type { Comment, ContentType, contentEndpoints as E, Poll, Post, PostInput } from '@app/contract/schemas/content';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ApiOptions, api } from '../../../lib/api.ts';
import { queryClient, useMenu } from '../../../lib/app-state.ts';
import { nullIfNotFound } from '../../../lib/not-found.ts';
import { commentsKey, moduleKey, postKey, postsKey } from './keys.ts';

export const POSTS_PER_PAGE = 10;
export const COMMENTS_PER_PAGE = 50;

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  /** All items of the list (x-pagination-total-count). */
  total: number;
}

const totalOf = (res: { headers: Headers; data: unknown[] }) => Number(res.headers.get(PAGINATION_HEADERS.totalCount) ?? res.data.length);

/**
 * The content calls by path, typed from the contract with a type-only import: the endpoints' zod
 * schemas stay out of the feed's chunk (the server validates; see lib/api.ts on callApi).
 */
const base = (moduleId: number) => `/content/${moduleId}/posts`;
function call<K extends keyof typeof E>(_endpoint: K, path: string, opts: ApiOptions = {}) {
  return api<EndpointResult<(typeof E)[K]>>(path, opts);
}

const nextPage = <T>(last: Page<T>) => (last.page < last.pageCount ? last.page + 1 : undefined);

/** Every item of the loaded pages once (a page boundary may repeat one when items were added meanwhile). */
export function allItems<T extends { id: number }>(data: InfiniteData<Page<T>> | undefined): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const p of data?.pages ?? []) {
    for (const item of p.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** A module's feed (pinned first, newest next), page by page; `search` filters by words. */
const postsQuery = (type: ContentType, moduleId: number, search: string) =>
  infiniteQueryOptions({
    queryKey: postsKey(type, moduleId, search),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<Page<Post>> => {
      const query = { page: pageParam, 'per-page': POSTS_PER_PAGE, ...(search ? { search } : {}) };
      const res = await call('list', base(moduleId), { query, signal });
      return { items: res.data, page: pageParam, pageCount: res.pageCount, total: totalOf(res) };
    },
    getNextPageParam: nextPage,
  });

export function usePosts(type: ContentType, moduleId: number, search: string) {
  return useInfiniteQuery(postsQuery(type, moduleId, search));
}

/** The feed's first page, asked for when its route is entered (PageRoute.prefetch). */
export const prefetchFeed = (type: ContentType, moduleId: number) => queryClient.prefetchInfiniteQuery(postsQuery(type, moduleId, ''));

export function usePost(type: ContentType, moduleId: number, id: number) {
  return useQuery({
    queryKey: postKey(type, moduleId, id),
    // The page says "not found" itself, without the shell's dialog.
    queryFn: ({ signal }) => nullIfNotFound(call('get', `${base(moduleId)}/${id}`, { signal, ownNotFound: true })),
  });
}

export function useComments(type: ContentType, moduleId: number, id: number) {
  return useInfiniteQuery({
    queryKey: commentsKey(type, moduleId, id),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<Page<Comment>> => {
      const res = await call('comments', `${base(moduleId)}/${id}/comments`, {
        query: { page: pageParam, 'per-page': COMMENTS_PER_PAGE },
        signal,
      });
      return { items: res.data, page: pageParam, pageCount: res.pageCount, total: totalOf(res) };
    },
    getNextPageParam: nextPage,
  });
}

/** Puts a post as the server answered it into every cached list and its detail. */
function usePostWriter(type: ContentType, moduleId: number) {
  const qc = useQueryClient();
  return (post: Post) => {
    qc.setQueryData(postKey(type, moduleId, post.id), post);
    qc.setQueriesData<InfiniteData<Page<Post>>>({ queryKey: [type, moduleId, 'posts'] }, (data) =>
      data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((x) => (x.id === post.id ? post : x)) })) } : data,
    );
  };
}

/** The calls on one post; each answer updates the caches, and the module's lists refetch after a change. */
export { base as postsPath, call as contentCall };

/** One set per page, shared by its cards (a card of its own would make seven mutation observers each). */
export type PostActions = ReturnType<typeof usePostActions>;

export function usePostActions(type: ContentType, moduleId: number) {
  const qc = useQueryClient();
  const write = usePostWriter(type, moduleId);
  const at = (id: number, rest = '') => `${base(moduleId)}/${id}${rest}`;
  const refresh = () => qc.invalidateQueries({ queryKey: moduleKey(type, moduleId) });
  const setPoll = (id: number, poll: Poll) => {
    const post = qc.getQueryData<Post>(postKey(type, moduleId, id));
    if (post) write({ ...post, poll });
    void qc.invalidateQueries({ queryKey: [type, moduleId, 'posts'] });
  };
  return {
    like: useMutation({
      mutationFn: async (p: Post) => (await call('like', at(p.id, '/like'), { method: 'PUT', body: { liked: !p.liked } })).data,
      onMutate: (p) => write({ ...p, liked: !p.liked, likes_count: p.likes_count + (p.liked ? -1 : 1) }),
      onSuccess: write,
      onError: () => void refresh(),
    }),
    follow: useMutation({
      mutationFn: async (p: Post) => (await call('follow', at(p.id, '/follow'), { method: 'PUT', body: { followed: !p.followed } })).data,
      onSuccess: write,
    }),
    pin: useMutation({
      mutationFn: async (p: Post) => (await call('pin', at(p.id, '/pin'), { method: 'PUT', body: { pinned: !p.pinned } })).data,
      onSuccess: async (post) => {
        write(post);
        await refresh();
      },
    }),
    flag: useMutation({
      mutationFn: async (p: Post) => {
        await call('flag', at(p.id, '/flag'), { method: 'POST' });
        return p;
      },
      onSuccess: (p) => write({ ...p, reported: true }),
    }),
    remove: useMutation({
      mutationFn: async (p: Post) => (await call('remove', at(p.id), { method: 'DELETE' })).data,
      onSuccess: () => refresh(),
    }),
    vote: useMutation({
      mutationFn: async ({ post, optionId }: { post: Post; optionId: number }) =>
        (await call('vote', at(post.id, '/vote'), { method: 'PUT', body: { option_id: optionId } })).data,
      onSuccess: (poll, { post }) => setPoll(post.id, poll),
    }),
    finishPoll: useMutation({
      mutationFn: async (p: Post) => (await call('finishPoll', at(p.id, '/finish-poll'), { method: 'POST' })).data,
      onSuccess: (poll, p) => setPoll(p.id, poll),
    }),
  };
}

/** Publishes a new post, or saves an edited one. */
export async function savePost(moduleId: number, id: number | null, body: PostInput): Promise<Post> {
  const res = id
    ? await call('update', `${base(moduleId)}/${id}`, { method: 'PUT', body })
    : await call('create', base(moduleId), { method: 'POST', body });
  return res.data;
}

export function useCommentActions(type: ContentType, moduleId: number, postId: number) {
  const qc = useQueryClient();
  const at = (commentId: number, rest = '') => `${base(moduleId)}/${postId}/comments/${commentId}${rest}`;
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: commentsKey(type, moduleId, postId) }),
      qc.invalidateQueries({ queryKey: postKey(type, moduleId, postId) }),
    ]);
  const replace = (c: Comment) =>
    qc.setQueryData<InfiniteData<Page<Comment>>>(commentsKey(type, moduleId, postId), (data) =>
      data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((x) => (x.id === c.id ? c : x)) })) } : data,
    );
  return {
    add: useMutation({
      mutationFn: async (body: { text: string; parent_id?: number | null }) =>
        (await call('addComment', `${base(moduleId)}/${postId}/comments`, { method: 'POST', body })).data,
      onSuccess: () => refresh(),
    }),
    edit: useMutation({
      mutationFn: async ({ id, text }: { id: number; text: string }) =>
        (await call('editComment', at(id), { method: 'PUT', body: { text } })).data,
      onSuccess: replace,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => (await call('removeComment', at(id), { method: 'DELETE' })).data,
      onSuccess: () => refresh(),
    }),
    like: useMutation({
      mutationFn: async (c: Comment) => (await call('likeComment', at(c.id, '/like'), { method: 'PUT', body: { liked: !c.liked } })).data,
      onMutate: (c) => replace({ ...c, liked: !c.liked, likes_count: c.likes_count + (c.liked ? -1 : 1) }),
      onSuccess: replace,
    }),
    flag: useMutation({
      mutationFn: async (c: Comment) => {
        await call('flagComment', at(c.id, '/flag'), { method: 'POST' });
        return c;
      },
      onSuccess: (c) => replace({ ...c, reported: true }),
    }),
  };
}

/**
 * Tells the server the feed (or one post) was opened while the module's menu bubble lists it, so the
 * bubble goes (its new state comes back over the socket). Reading itself has no side effect.
 */
export function useMarkSeen(moduleId: number, postId?: number) {
  const bubble = useMenu().data?.menu.find((m) => m.app_module_id === moduleId)?.bubble;
  const unseen = postId === undefined ? (bubble?.length ?? 0) > 0 : (bubble?.includes(postId) ?? false);
  useEffect(() => {
    if (!unseen) return;
    void call('seen', `/content/${moduleId}/seen`, {
      method: 'POST',
      body: postId === undefined ? {} : { post_id: postId },
      silent: true,
    }).catch(() => undefined);
  }, [unseen, moduleId, postId]);
}
