import type { RelatedUser } from '@app/contract/schemas/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const useUser = (id: number) =>
  useQuery({ queryKey: ['user', id], queryFn: async () => (await api<RelatedUser>(`/user/${id}`)).data, enabled: id > 0 });
