import { consoleDashboardEndpoints as e } from '@app/contract/schemas/console-dashboard';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';

export interface AuditFilters {
  q?: string | undefined;
  action?: string | undefined;
  page: number;
}

/** One page of the app's audit log (the previous page stays while the next loads). */
export function useAudit(appId: number, f: AuditFilters) {
  return useQuery({
    queryKey: ['console', 'audit', appId, f] as const,
    queryFn: ({ signal }) =>
      callApi(
        e.audit,
        { params: { app_id: appId }, query: { q: f.q || undefined, action: f.action || undefined, page: f.page } },
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
}
