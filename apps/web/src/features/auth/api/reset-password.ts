import type { resetPasswordBody } from '@app/contract/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

type Body = z.output<typeof resetPasswordBody>;

/** POST /auth/reset-password: a used or expired token answers 422 `_popup`. */
export const resetPassword = async (body: Body) =>
  (await api<{ success: true }>('/auth/reset-password', { method: 'POST', body, public: true })).data;

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
