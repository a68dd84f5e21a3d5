import type { MyProfile } from '@app/contract/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { profileKeys } from './keys.ts';

export async function uploadAvatar(file: Blob) {
  const form = new FormData();
  form.append('avatar', file, 'avatar.jpg');
  return (await api<MyProfile>('/user/avatar', { method: 'POST', body: form })).data;
}

export function useUploadAvatar() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: (profile) => qc.setQueryData(profileKeys.me, profile) });
}
