import type { forgotPasswordBody } from '@app/contract/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

type Body = z.output<typeof forgotPasswordBody>;

/** POST /auth/forgot-password: same answer whether or not the address has an account. */
export const forgotPassword = async (body: Body) =>
  (await api<{ success: true }>('/auth/forgot-password', { method: 'POST', body, public: true })).data;

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
