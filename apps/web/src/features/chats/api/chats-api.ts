import { CHAT_LOGO } from '@app/contract/chat-constants';
import { PAGINATION_HEADERS } from '@app/contract/constants';
import type { EndpointResult } from '@app/contract/endpoint';
import type { Chat, ChatDetail, ChatInput, ChatMessage, chatsEndpoints as E } from '@app/contract/schemas/chats';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiOptions, api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/app-state.ts';

/**
 * The chat calls by path, typed from the contract with a type-only import (zod stays out of the
 * chunk; the server validates). Messages of an open chat live in one cache entry per chat that the
 * socket and the catch-up after a reconnection write into (docs/decisions.md "Chats").
 */
function call<K extends keyof typeof E>(_endpoint: K, path: string, opts: ApiOptions = {}) {
  return api<EndpointResult<(typeof E)[K]>>(path, opts);
}

export const PAGE = 30;

export const chatsKey = (moduleId: number) => ['chats', moduleId] as const;
export const listKey = (moduleId: number, archived: boolean, search: string) => ['chats', moduleId, 'list', archived, search] as const;
export const chatKey = (moduleId: number, id: number) => ['chats', moduleId, 'chat', id] as const;
export const messagesKey = (moduleId: number, id: number) => ['chats', moduleId, 'messages', id] as const;
export const usersKey = (moduleId: number, search: string) => ['chats', moduleId, 'users', search] as const;

const base = (moduleId: number) => `/chats/${moduleId}`;
const chatPath = (moduleId: number, id: number, rest = '') => `${base(moduleId)}/chats/${id}${rest}`;

/** The messages loaded for a chat, oldest first, and whether older ones exist. */
export interface MessageLog {
  messages: ChatMessage[];
  hasOlder: boolean;
  /**
   * The newest seq the server itself has answered up to: everything at or below it that exists is
   * in `messages`. Live messages do not move it: with two nodes, one relayed late can arrive below
   * the newest one shown, so a catch-up starts here, not at the newest message.
   */
  synced?: number;
}

const newestSeq = (messages: readonly ChatMessage[], from = 0) => Math.max(from, messages.at(-1)?.seq ?? 0);

/** Messages merged by id and kept in seq order (a live one and a fetched one may be the same). */
export function mergeMessages(a: readonly ChatMessage[], b: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of [...a, ...b]) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => x.seq - y.seq);
}

const chatsQuery = (moduleId: number, archived: boolean, search: string) =>
  queryOptions({
    queryKey: listKey(moduleId, archived, search),
    queryFn: async ({ signal }) => {
      const res = await call('list', `${base(moduleId)}/chats`, {
        query: { archived: archived ? '1' : '0', 'per-page': 100, ...(search ? { search } : {}) },
        signal,
      });
      return res.data;
    },
  });

export const useChats = (moduleId: number, archived: boolean, search: string) => useQuery(chatsQuery(moduleId, archived, search));

const chatQuery = (moduleId: number, id: number) =>
  queryOptions({
    queryKey: chatKey(moduleId, id),
    queryFn: async ({ signal }) => (await call('get', chatPath(moduleId, id), { signal })).data,
  });

export const useChat = (moduleId: number, id: number) => useQuery(chatQuery(moduleId, id));

async function fetchMessages(
  moduleId: number,
  id: number,
  query: { before?: number; after?: number; limit: number },
  signal?: AbortSignal,
) {
  return (await call('messages', chatPath(moduleId, id, '/messages'), { query, ...(signal ? { signal } : {}) })).data;
}

const messagesQuery = (moduleId: number, id: number) =>
  queryOptions({
    queryKey: messagesKey(moduleId, id),
    queryFn: async ({ signal }): Promise<MessageLog> => {
      const messages = await fetchMessages(moduleId, id, { limit: PAGE }, signal);
      return { messages, hasOlder: messages.length === PAGE, synced: newestSeq(messages) };
    },
    // Live updates keep it fresh; a refetch would drop the older pages loaded by scrolling up.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useMessages = (moduleId: number, id: number) => useQuery(messagesQuery(moduleId, id));

/** What a chats screen shows first, asked for when its route is entered (PageRoute.prefetch). */
export const prefetchList = (moduleId: number, archived: boolean) => queryClient.prefetchQuery(chatsQuery(moduleId, archived, ''));
export const prefetchChat = (moduleId: number, id: number) =>
  Promise.all([queryClient.prefetchQuery(chatQuery(moduleId, id)), queryClient.prefetchQuery(messagesQuery(moduleId, id))]);

/** Loads the page before the oldest loaded message into the log. */
export async function loadOlder(qc: QueryClient, moduleId: number, id: number) {
  const log = qc.getQueryData<MessageLog>(messagesKey(moduleId, id));
  const first = log?.messages[0];
  if (!log || !first) return;
  const older = await fetchMessages(moduleId, id, { before: first.seq, limit: PAGE });
  qc.setQueryData<MessageLog>(messagesKey(moduleId, id), (cur) =>
    cur ? { ...cur, messages: mergeMessages(older, cur.messages), hasOlder: older.length === PAGE } : cur,
  );
}

/** Fetches what came after the last message the server answered up to (after a reconnection), page by page. */
export async function catchUp(qc: QueryClient, moduleId: number, id: number) {
  for (let round = 0; round < 20; round++) {
    const log = qc.getQueryData<MessageLog>(messagesKey(moduleId, id));
    if (!log) return;
    const from = log.synced ?? log.messages.at(-1)?.seq ?? 0;
    const newer = await fetchMessages(moduleId, id, { after: from, limit: 100 });
    qc.setQueryData<MessageLog>(messagesKey(moduleId, id), (cur) =>
      cur ? { ...cur, messages: mergeMessages(cur.messages, newer), synced: newestSeq(newer, from) } : cur,
    );
    if (newer.length < 100) return;
  }
}

export function addMessage(qc: QueryClient, moduleId: number, message: ChatMessage) {
  qc.setQueryData<MessageLog>(messagesKey(moduleId, message.chat_id), (cur) =>
    cur ? { ...cur, messages: mergeMessages(cur.messages, [message]) } : cur,
  );
}

export function sendMessage(moduleId: number, chatId: number, body: { client_id: string; text: string; attachment_ids: number[] }) {
  return call('send', chatPath(moduleId, chatId, '/messages'), { method: 'POST', body, silent: true }).then((r) => r.data);
}

export function markRead(moduleId: number, chatId: number, seq: number) {
  return call('read', chatPath(moduleId, chatId, '/read'), { method: 'POST', body: { seq }, silent: true });
}

export function useSearchUsers(moduleId: number, search: string, enabled: boolean) {
  return useQuery({
    queryKey: usersKey(moduleId, search),
    queryFn: async ({ signal }) => {
      const res = await call('users', `${base(moduleId)}/users`, { query: { 'per-page': 50, ...(search ? { search } : {}) }, signal });
      return { users: res.data, total: Number(res.headers.get(PAGINATION_HEADERS.totalCount) ?? res.data.length) };
    },
    enabled,
  });
}

/** The calls on chats; each answer updates the cache and the lists refetch. One set per page, handed to its parts. */
export type ChatActions = ReturnType<typeof useChatActions>;

export function useChatActions(moduleId: number) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: [...chatsKey(moduleId), 'list'] });
  const put = (chat: ChatDetail) => {
    qc.setQueryData(chatKey(moduleId, chat.id), chat);
    void refresh();
  };
  return {
    create: useMutation({
      mutationFn: async (body: ChatInput) => (await call('create', `${base(moduleId)}/chats`, { method: 'POST', body })).data,
      onSuccess: put,
    }),
    setLogo: useMutation({
      mutationFn: async ({ id, file }: { id: number; file: File }) => {
        const form = new FormData();
        form.append(CHAT_LOGO.field, file);
        return (await api<ChatDetail>(chatPath(moduleId, id, '/logo'), { method: 'POST', body: form, silent: true })).data;
      },
      onSuccess: put,
    }),
    rename: useMutation({
      mutationFn: async ({ id, name }: { id: number; name: string }) =>
        (await call('update', chatPath(moduleId, id), { method: 'PUT', body: { name } })).data,
      onSuccess: put,
    }),
    archive: useMutation({
      mutationFn: async ({ id, archived }: { id: number; archived: boolean }) =>
        (await call('archive', chatPath(moduleId, id, '/archive'), { method: 'POST', body: { archived } })).data,
      onSuccess: put,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => (await call('remove', chatPath(moduleId, id), { method: 'DELETE' })).data,
      onSuccess: () => refresh(),
    }),
    addMembers: useMutation({
      mutationFn: async ({ id, userIds }: { id: number; userIds: number[] }) =>
        (await call('addMembers', chatPath(moduleId, id, '/members'), { method: 'POST', body: { user_ids: userIds } })).data,
      onSuccess: put,
    }),
    removeMember: useMutation({
      mutationFn: async ({ id, userId }: { id: number; userId: number }) =>
        (await call('removeMember', chatPath(moduleId, id, `/members/${userId}`), { method: 'DELETE' })).data,
      onSuccess: (_r, { id }) => Promise.all([refresh(), qc.invalidateQueries({ queryKey: chatKey(moduleId, id) })]),
    }),
    transfer: useMutation({
      mutationFn: async ({ id, userId }: { id: number; userId: number }) =>
        (await call('transfer', chatPath(moduleId, id, '/owner'), { method: 'POST', body: { user_id: userId } })).data,
      onSuccess: put,
    }),
    edit: useMutation({
      mutationFn: async ({ chatId, id, text }: { chatId: number; id: number; text: string }) =>
        (await call('edit', chatPath(moduleId, chatId, `/messages/${id}`), { method: 'PUT', body: { text } })).data,
      onSuccess: (m) => addMessage(qc, moduleId, m),
    }),
    deleteMessages: useMutation({
      mutationFn: async ({ chatId, ids }: { chatId: number; ids: number[] }) =>
        (await call('deleteMessages', chatPath(moduleId, chatId, '/messages/delete'), { method: 'POST', body: { ids } })).data,
      onSuccess: (_r, { chatId, ids }) => dropMessages(qc, moduleId, chatId, ids),
    }),
  };
}

export function dropMessages(qc: QueryClient, moduleId: number, chatId: number, ids: readonly number[]) {
  const gone = new Set(ids);
  qc.setQueryData<MessageLog>(messagesKey(moduleId, chatId), (cur) =>
    cur ? { ...cur, messages: cur.messages.filter((m) => !gone.has(m.id)) } : cur,
  );
}

/** A chat's screen address: archived chats open under /archive (spec 2 §2). */
export const chatUrl = (moduleId: number, chat: Pick<Chat, 'id' | 'chat_type' | 'archived'>) =>
  `/chats/${moduleId}${chat.archived ? '/archive' : ''}/${chat.chat_type}/${chat.id}`;
