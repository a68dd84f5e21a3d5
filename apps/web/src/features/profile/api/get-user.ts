import type { RelatedUser } from '@app/contract/schemas/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { profileKeys } from './keys.ts';

export const useUser = (id: number) =>
  useQuery({ queryKey: profileKeys.user(id), queryFn: async () => (await api<RelatedUser>(`/user/${id}`)).data, enabled: id > 0 });
