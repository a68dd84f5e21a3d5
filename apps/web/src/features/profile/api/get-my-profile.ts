import type { MyProfile } from '@app/contract/schemas/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { profileKeys } from './keys.ts';

export const getMyProfile = async () => (await api<MyProfile>('/user/profile')).data;

export const useMyProfile = () => useQuery({ queryKey: profileKeys.me, queryFn: getMyProfile });
