import type { RegisterBody, registerAnswer } from '@app/contract/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

type Answer = z.output<typeof registerAnswer>;

/** POST /auth/register: creates the account and mails a confirmation link. */
export const register = async (body: RegisterBody) => (await api<Answer>('/auth/register', { method: 'POST', body, public: true })).data;

export const useRegister = () => useMutation({ mutationFn: register });
