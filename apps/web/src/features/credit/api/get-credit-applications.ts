import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditApplication, CreditApplicationStatus } from '@pitstop/core/credit';
import { apiGet } from '@/lib/api-client';
import { creditKeys } from './credit-query-keys';

/** GET /api/credit-applications?status= (admins): newest first. */
export function getCreditApplications(
  status: CreditApplicationStatus | undefined,
  signal?: AbortSignal,
): Promise<CreditApplication[]> {
  return apiGet<CreditApplication[]>('/credit-applications', { params: { status }, signal });
}

export function getCreditApplicationsQueryOptions(status: CreditApplicationStatus | undefined) {
  return queryOptions({
    queryKey: creditKeys.applications(status),
    queryFn: ({ signal }) => getCreditApplications(status, signal),
    staleTime: 0,
  });
}

export function useCreditApplications(status: CreditApplicationStatus | undefined) {
  return useQuery(getCreditApplicationsQueryOptions(status));
}
