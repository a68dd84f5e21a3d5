import type { AppMenu } from '@app/contract/schemas/app';
import type { MyProfile, ProfileUpdateBody } from '@app/contract/schemas/users';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { menuQueryKey } from '../../../lib/app-state.ts';
import { profileKeys } from './keys.ts';

export const updateProfile = async (body: ProfileUpdateBody) => (await api<MyProfile>('/user/profile', { method: 'PUT', body })).data;

/** The menu with profile completion as the save answered it (an empty list means incomplete). */
export const withProfileCompletion = (menu: AppMenu, completed: boolean): AppMenu => ({
  ...menu,
  is_profile_completed: completed ? ['personal'] : [],
});

/**
 * Writes a saved profile into the caches: the profile itself, and its completion into every cached
 * menu (one per token). Done before the menu is refetched, so the redirect of routing rule 5 follows
 * the save at once and not a menu from before it.
 */
export function applySavedProfile(qc: QueryClient, profile: MyProfile) {
  qc.setQueryData(profileKeys.me, profile);
  qc.setQueriesData<AppMenu>({ queryKey: menuQueryKey }, (menu) =>
    menu ? withProfileCompletion(menu, profile.is_profile_completed) : menu,
  );
}

/** Saves the profile; the menu is refetched because profile completion may have changed. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      applySavedProfile(qc, profile);
      await qc.invalidateQueries({ queryKey: menuQueryKey });
    },
  });
}
