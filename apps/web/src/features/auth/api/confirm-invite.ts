import type { confirmInviteBody, SessionAnswer } from '@app/contract/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

type Body = z.output<typeof confirmInviteBody>;

/** POST /auth/confirm-invite: sets the first password of an invited user and signs them in. */
export const confirmInvite = async (body: Body) =>
  (await api<SessionAnswer>('/auth/confirm-invite', { method: 'POST', body, public: true })).data;

export const useConfirmInvite = () => useMutation({ mutationFn: confirmInvite });
