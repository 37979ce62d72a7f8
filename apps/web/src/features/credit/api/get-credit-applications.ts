import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CreditApplicationPage, CreditApplicationStatus } from '@pitstop/core/credit';
import { apiGet } from '@/lib/api-client';
import { creditKeys } from './credit-query-keys';

/** GET /api/credit-applications?status= (admins): one page, newest first; `before` is the previous page's `next`. */
export function getCreditApplications(
  status: CreditApplicationStatus | undefined,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<CreditApplicationPage> {
  return apiGet<CreditApplicationPage>('/credit-applications', { params: { status, before }, signal });
}

export function getCreditApplicationsQueryOptions(status: CreditApplicationStatus | undefined) {
  return infiniteQueryOptions({
    queryKey: creditKeys.applications(status),
    queryFn: ({ pageParam, signal }) => getCreditApplications(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
  });
}

export function useCreditApplications(status: CreditApplicationStatus | undefined) {
  return useInfiniteQuery(getCreditApplicationsQueryOptions(status));
}
