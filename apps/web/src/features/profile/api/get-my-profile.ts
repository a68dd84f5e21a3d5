import type { MyProfile } from '@app/contract/schemas/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const myProfileKey = ['my-profile'] as const;

export const getMyProfile = async () => (await api<MyProfile>('/user/profile')).data;

export const useMyProfile = () => useQuery({ queryKey: myProfileKey, queryFn: getMyProfile });
