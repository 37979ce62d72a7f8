import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@pitstop/core/admin';
import { apiGet } from '@/lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
};

/** GET /api/dashboard: the caller's order summary, plus shop figures for admins. */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiGet<Dashboard>('/dashboard', { signal });
}

export function getDashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => getDashboard(signal),
    // Orders change under other screens (ship, pay, delete): read afresh each visit.
    staleTime: 0,
  });
}

export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}
