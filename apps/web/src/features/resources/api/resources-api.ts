import { PAGINATION_HEADERS } from '@app/contract/constants';
import { RESOURCES_LIMITS } from '@app/contract/resources-constants';
import type { Attachment } from '@app/contract/schemas/content';
import type { ResourceInput, ResourceItem, ResourceUpdate } from '@app/contract/schemas/resources';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/app-state.ts';
import { meta } from '../../../lib/meta.ts';
import { session } from '../../../lib/session.ts';
import { useUpload } from '../../../lib/upload.ts';
import { dropItem, type Page, putItem } from './cache.ts';
import { itemKey, listKey } from './keys.ts';

/** The resources calls by path, typed from the contract with type-only imports (the schemas stay out of the chunks). */
const base = (moduleId: number) => `/resources/${moduleId}/items`;

const listQuery = (moduleId: number, folderId: number | null, search: string) =>
  infiniteQueryOptions({
    queryKey: listKey(moduleId, folderId, search),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<Page<ResourceItem>> => {
      const query = {
        page: pageParam,
        'per-page': RESOURCES_LIMITS.perPage,
        ...(search ? { search } : folderId !== null ? { folder_id: folderId } : {}),
      };
      const res = await api<ResourceItem[]>(base(moduleId), { query, signal });
      const total = Number(res.headers.get(PAGINATION_HEADERS.totalCount) ?? res.data.length);
      return { items: res.data, page: pageParam, pageCount: res.pageCount, total };
    },
    getNextPageParam: (last) => (last.page < last.pageCount ? last.page + 1 : undefined),
  });

/** The root's or a folder's items, or a search through every folder, page by page. */
export const useList = (moduleId: number, folderId: number | null, search: string, enabled = true) =>
  useInfiniteQuery({ ...listQuery(moduleId, folderId, search), enabled });

export const prefetchRoot = (moduleId: number) => queryClient.prefetchInfiniteQuery(listQuery(moduleId, null, ''));

/** Every item of the loaded pages once. */
export function allItems(data: InfiniteData<Page<ResourceItem>> | undefined): ResourceItem[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((p) => p.items).filter((i) => !seen.has(i.id) && Boolean(seen.add(i.id)));
}

/** One item; null once it is gone (deleted or hidden while on screen). */
const itemQuery = (moduleId: number, id: number) => ({
  queryKey: itemKey(moduleId, id),
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<ResourceItem | null> =>
    (await api<ResourceItem>(`${base(moduleId)}/${id}`, { signal, silent: true })).data,
  retry: false,
});

export const useItem = (moduleId: number, id: number) => useQuery(itemQuery(moduleId, id));
export const prefetchItem = (moduleId: number, id: number) => queryClient.prefetchQuery(itemQuery(moduleId, id));

/** Add, rename, hide or show, delete: each writes its answer into the cache. */
export function useResourceActions(moduleId: number) {
  const qc = useQueryClient();
  const upload = useUpload(`/resources/${moduleId}/uploads`);
  return {
    create: useMutation({
      mutationFn: async (input: ResourceInput) =>
        (await api<ResourceItem>(base(moduleId), { method: 'POST', body: input, silent: true })).data,
      onSuccess: (item) => putItem(qc, item),
    }),
    upload: useMutation({
      mutationFn: async ({ file, folderId }: { file: File; folderId: number | null }) => {
        const up: Attachment = await upload(file);
        const body: ResourceInput = { type: 'file', upload_id: up.id, ...(folderId !== null ? { folder_id: folderId } : {}) };
        return (await api<ResourceItem>(base(moduleId), { method: 'POST', body })).data;
      },
      onSuccess: (item) => putItem(qc, item),
    }),
    update: useMutation({
      mutationFn: async ({ id, change }: { id: number; change: ResourceUpdate }) =>
        (await api<ResourceItem>(`${base(moduleId)}/${id}`, { method: 'PUT', body: change, silent: true })).data,
      onSuccess: (item) => putItem(qc, item),
    }),
    remove: useMutation({
      mutationFn: async (item: ResourceItem) => {
        await api(`${base(moduleId)}/${item.id}`, { method: 'DELETE' });
        return item;
      },
      onSuccess: (item) => dropItem(qc, moduleId, item.id, item.folder_id),
    }),
  };
}

/** A file's bytes with the member's token (files are served to members of the app only). */
export async function fetchFile(moduleId: number, id: number, inline = false): Promise<Blob> {
  const url = new URL(`${base(moduleId)}/${id}/file${inline ? '?inline=1' : ''}`, meta.app_url || location.origin);
  const headers: Record<string, string> = { 'app-key': meta.app_key };
  const token = session.get().token;
  if (token) headers['access-token'] = token;
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.blob();
}

/** Saves a blob under its name (the browser's download). */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** An image's preview: its bytes fetched with the token, as an object URL freed when the screen goes. */
export function useImageUrl(moduleId: number, id: number, enabled: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let href: string | null = null;
    let live = true;
    fetchFile(moduleId, id, true)
      .then((blob) => {
        if (!live) return;
        href = URL.createObjectURL(blob);
        setUrl(href);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
      setUrl(null);
    };
  }, [moduleId, id, enabled]);
  return url;
}
