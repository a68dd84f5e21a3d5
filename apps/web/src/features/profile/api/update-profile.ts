import type { MyProfile, ProfileUpdateBody } from '@app/contract/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { myProfileKey } from './get-my-profile.ts';

export const updateProfile = async (body: ProfileUpdateBody) => (await api<MyProfile>('/user/profile', { method: 'PUT', body })).data;

/** Saves the profile; the menu is refetched because profile completion may have changed. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      qc.setQueryData(myProfileKey, profile);
      await qc.invalidateQueries({ queryKey: ['app-menu'] });
    },
  });
}
