import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityPage } from '@pitstop/core/audit';
import { apiGet } from '@/lib/api-client';
import { activityKeys, type ActivityFilters } from './activity-query-keys';

export type { ActivityFilters } from './activity-query-keys';

/** GET /api/admin/activity (admins): one page, newest first; `before` is the previous page's `next`. */
export function getActivity(
  filters: ActivityFilters,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<ActivityPage> {
  return apiGet<ActivityPage>('/admin/activity', { params: { ...filters, before }, signal });
}

export function getActivityQueryOptions(filters: ActivityFilters) {
  return infiniteQueryOptions({
    queryKey: activityKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getActivity(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    // What happened a moment ago matters here: read it fresh whenever the screen opens.
    staleTime: 0,
  });
}

export function useActivity(filters: ActivityFilters) {
  return useInfiniteQuery(getActivityQueryOptions(filters));
}
