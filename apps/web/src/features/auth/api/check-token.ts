import type { CheckTokenBody } from '@app/contract/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /auth/check-token: whether a reset or invitation link is still usable, without using it. */
export const checkToken = async (body: CheckTokenBody) =>
  (await api<{ valid: true }>('/auth/check-token', { method: 'POST', body, public: true })).data;

/** Checked once when a link page opens, so a dead link shows its error before anyone types a password. */
export const useTokenCheck = (kind: CheckTokenBody['kind'], token: string | null) =>
  useQuery({
    queryKey: ['check-token', kind, token],
    queryFn: () => checkToken({ kind, token: token ?? '' }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
