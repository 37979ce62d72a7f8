import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReturnStatus } from '@pitstop/core/order-detail';
import type { ReturnQueueItem } from '@pitstop/core/returns';
import { apiGet } from '@/lib/api-client';
import { returnsKeys } from './returns-query-keys';

/** GET /api/returns?status= (admins): the Returns queue, newest first. */
export function getReturns(
  status: ReturnStatus | undefined,
  signal?: AbortSignal,
): Promise<ReturnQueueItem[]> {
  return apiGet<ReturnQueueItem[]>('/returns', { params: { status }, signal });
}

export function getReturnsQueryOptions(status: ReturnStatus | undefined) {
  return queryOptions({
    queryKey: returnsKeys.list(status),
    queryFn: ({ signal }) => getReturns(status, signal),
    staleTime: 0,
  });
}

export function useReturns(status: ReturnStatus | undefined) {
  return useQuery(getReturnsQueryOptions(status));
}
