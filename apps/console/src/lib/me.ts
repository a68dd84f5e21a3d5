import type { EndpointResult } from '@app/contract/endpoint';
import type { consoleEndpoints } from '@app/contract/schemas/console';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

export type Me = EndpointResult<typeof consoleEndpoints.me>;
export type ConsoleRoleName = Me['apps'][number]['role'];

export const ME_KEY = ['console', 'me'] as const;

/** Who is signed in and the apps they may open (the path is the contract's; a type-only import keeps zod out). */
export function useMe(enabled = true) {
  return useQuery({ queryKey: ME_KEY, queryFn: () => api<Me>('/console/api/me').then((r) => r.data), enabled, staleTime: 60_000 });
}
