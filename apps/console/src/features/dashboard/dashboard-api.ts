import { CONSOLE_DASHBOARD_CSV, consoleDashboardEndpoints as e } from '@app/contract/schemas/console-dashboard';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';

const dashboardKey = (appId: number, days: number) => ['console', 'dashboard', appId, days] as const;

/** The app's figures over the last `days` days (kept while the period changes, so the cards do not jump). */
export function useDashboard(appId: number, days: number) {
  return useQuery({
    queryKey: dashboardKey(appId, days),
    queryFn: ({ signal }) => callApi(e.dashboard, { params: { app_id: appId }, query: { days } }, { signal }).then((r) => r.data),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
}

export const dashboardCsvPath = CONSOLE_DASHBOARD_CSV.dashboard;
