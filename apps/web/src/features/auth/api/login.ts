import type { loginBody, SessionAnswer } from '@app/contract/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

type Body = z.output<typeof loginBody>;

/** POST /auth/login: wrong credentials answer 422 on `password`, an unconfirmed e-mail 422 `_popup`. */
export const login = async (body: Body) => (await api<SessionAnswer>('/auth/login', { method: 'POST', body, public: true })).data;

export const useLogin = () => useMutation({ mutationFn: login });
