import { CONSOLE_DASHBOARD_CSV, consoleDashboardEndpoints as e } from '@app/contract/schemas/console-dashboard';
import { type VitalsReport, type VitalsReportQuery, vitalsEndpoints as v } from '@app/contract/schemas/vitals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

const vitalsKey = (appId: number, days: number, device: VitalsDevice) => ['console', 'vitals', appId, days, device] as const;

export type VitalsDevice = VitalsReportQuery['device'];

/** p75 of the members' Core Web Vitals per route over the last `days` days (kept while the period changes). */
export function useVitals(appId: number, days: number, device: VitalsDevice) {
  return useQuery({
    queryKey: vitalsKey(appId, days, device),
    queryFn: ({ signal }) => callApi(v.report, { params: { app_id: appId }, query: { days, device } }, { signal }).then((r) => r.data),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
}

/** Sets the share of page loads that report; every report of the app shows the new share. */
export function useSetSampleRate(appId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sample_rate: number) => callApi(v.settings, { params: { app_id: appId }, body: { sample_rate } }).then((r) => r.data),
    onSuccess: ({ sample_rate }) => {
      qc.setQueriesData<VitalsReport>({ queryKey: ['console', 'vitals', appId] }, (r) => (r ? { ...r, sample_rate } : r));
    },
  });
}
