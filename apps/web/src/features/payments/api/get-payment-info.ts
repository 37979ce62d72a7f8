import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentInfo } from '@pitstop/core/payments';
import { apiGet } from '@/lib/api-client';
import { paymentsKeys } from './payments-query-keys';

/** GET /api/payment/:orderId (Bearer): the order's part name, total and payment state; 404 unless it's yours. */
export function getPaymentInfo(orderId: string, signal?: AbortSignal): Promise<PaymentInfo> {
  return apiGet<PaymentInfo>(`/payment/${encodeURIComponent(orderId)}`, { signal });
}

export function getPaymentInfoQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: paymentsKeys.detail(orderId),
    queryFn: ({ signal }) => getPaymentInfo(orderId, signal),
  });
}

export function usePaymentInfo(orderId: string) {
  return useQuery(getPaymentInfoQueryOptions(orderId));
}
