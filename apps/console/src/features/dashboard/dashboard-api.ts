import { CONSOLE_DASHBOARD_CSV, consoleDashboardEndpoints as e } from '@app/contract/schemas/console-dashboard';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { session } from '../../lib/session.ts';

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

/**
 * Downloads a CSV of the console API (the token goes in a header, so the browser cannot follow a
 * plain link): fetched as a blob and saved under the server's file name.
 */
export async function downloadCsv(path: string, query: Record<string, string | number | undefined>, fallbackName: string): Promise<void> {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  const token = session.get();
  const res = await fetch(url, { headers: token ? { 'access-token': token } : {} });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export const dashboardCsvPath = CONSOLE_DASHBOARD_CSV.dashboard;
