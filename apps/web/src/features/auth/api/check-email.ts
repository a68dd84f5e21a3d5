import type { checkEmailAnswer, checkEmailBody } from '@app/contract/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

type Body = z.output<typeof checkEmailBody>;
type Answer = z.output<typeof checkEmailAnswer>;

/** POST /auth/check-email: is there an account with a password for this e-mail? */
export const checkEmail = async (body: Body) => (await api<Answer>('/auth/check-email', { method: 'POST', body, public: true })).data;

export const useCheckEmail = () => useMutation({ mutationFn: checkEmail });
