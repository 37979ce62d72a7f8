import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditStatus } from '@pitstop/core/credit';
import { apiGet } from '@/lib/api-client';
import { creditKeys } from './credit-query-keys';

/** GET /api/credit (Bearer): my latest application and, once approved, limit / used / remaining. */
export function getCreditStatus(signal?: AbortSignal): Promise<CreditStatus> {
  return apiGet<CreditStatus>('/credit', { signal });
}

export function getCreditStatusQueryOptions() {
  return queryOptions({
    queryKey: creditKeys.mine(),
    queryFn: ({ signal }) => getCreditStatus(signal),
    // What is left of the limit moves with every order on account: ask again when shown.
    staleTime: 0,
  });
}

export function useCreditStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getCreditStatusQueryOptions(), enabled: options.enabled ?? true });
}
