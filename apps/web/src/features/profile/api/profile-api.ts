import { PAGINATION_HEADERS } from '@app/contract/constants';
import type { MyProfile, ProfilePreferences, RelatedUser, UserNote, UserProfile } from '@app/contract/schemas/users';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { nullIfNotFound } from '../../../lib/not-found.ts';
import { profileKeys } from './keys.ts';

/**
 * The profile calls by path, typed from the contract with type-only imports (the server
 * validates; the zod schemas stay out of these chunks except where a form imports them lazily).
 */

export const useUserProfile = (id: number) =>
  useQuery({
    queryKey: profileKeys.user(id),
    // The page says "not found" itself, without the shell's dialog.
    queryFn: ({ signal }) => nullIfNotFound(api<UserProfile>(`/user/${id}/profile`, { signal, ownNotFound: true })),
    enabled: id > 0,
  });

/** Adds or removes a favorite; the profile shows the new state at once and the favorites list reloads. */
export function useFavorite(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (favorite: boolean) =>
      (await api<{ is_favorite: boolean }>(`/user/${id}/favorite`, { method: favorite ? 'PUT' : 'DELETE' })).data,
    onSuccess: ({ is_favorite }) => {
      qc.setQueryData<UserProfile>(profileKeys.user(id), (old) => (old ? { ...old, is_favorite } : old));
      void qc.invalidateQueries({ queryKey: profileKeys.allFavorites });
      void qc.invalidateQueries({ queryKey: ['appusers'] });
    },
  });
}

/** Reports the member to the organisers; the profile then says "Content reported". */
export function useFlagUser(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api<{ success: true }>(`/user/${id}/flag`, { method: 'POST' })).data,
    onSuccess: () => qc.setQueryData<UserProfile>(profileKeys.user(id), (old) => (old ? { ...old, reported: true } : old)),
  });
}

export const useNote = (id: number) =>
  useQuery({
    queryKey: profileKeys.note(id),
    queryFn: async ({ signal }) => (await api<UserNote>(`/user/${id}/note`, { signal })).data,
    enabled: id > 0,
  });

export function useSaveNote(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) => (await api<UserNote>(`/user/${id}/note`, { method: 'PUT', body: { text } })).data,
    onSuccess: (note) => qc.setQueryData(profileKeys.note(id), note),
  });
}

export function usePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: Partial<ProfilePreferences>) =>
      (await api<MyProfile>('/user/profile/preferences', { method: 'PUT', body })).data,
    onSuccess: (profile) => qc.setQueryData(profileKeys.me, profile),
  });
}

export function useUploadPhoto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (file: Blob) => {
      const form = new FormData();
      form.append('photo', file, 'photo.jpg');
      return (await api<MyProfile>('/user/photo', { method: 'POST', body: form })).data;
    },
    onSuccess: (profile) => qc.setQueryData(profileKeys.me, profile),
  });
}

/** Removes my avatar or my profile photo (the server deletes the stored picture); the answer is my profile. */
export function useRemoveImage(what: 'avatar' | 'photo') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (myId: number) => (await api<MyProfile>(`/user/${myId}/${what}`, { method: 'DELETE' })).data,
    onSuccess: (profile) => qc.setQueryData(profileKeys.me, profile),
  });
}

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}
export const FAVORITES_PER_PAGE = 20;

const favoritesQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: profileKeys.favorites(search),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<Page<RelatedUser>> => {
      const query = { page: pageParam, 'per-page': FAVORITES_PER_PAGE, ...(search ? { search } : {}) };
      const res = await api<RelatedUser[]>('/user/favorites', { query, signal });
      const total = Number(res.headers.get(PAGINATION_HEADERS.totalCount) ?? res.data.length);
      return { items: res.data, page: pageParam, pageCount: res.pageCount, total };
    },
    getNextPageParam: (last) => (last.page < last.pageCount ? last.page + 1 : undefined),
  });

export const useFavorites = (search: string) => useInfiniteQuery(favoritesQuery(search));

/** Every member of the loaded pages once. */
export function allOf<T extends { id: number }>(data: InfiniteData<Page<T>> | undefined): T[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((p) => p.items).filter((i) => !seen.has(i.id) && Boolean(seen.add(i.id)));
}
