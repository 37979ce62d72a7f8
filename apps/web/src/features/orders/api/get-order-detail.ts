import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@pitstop/core/order-detail';
import { apiGet } from '@/lib/api-client';
import { ordersKeys } from './orders-query-keys';

/**
 * GET /api/orders/:number (Bearer): one order with its lines, shipments, returns, refunds and
 * timeline. A customer's own only (another's answers 404, as an unknown number does); an admin's any.
 */
export function getOrderDetail(orderNumber: string, signal?: AbortSignal): Promise<OrderDetail> {
  return apiGet<OrderDetail>(`/orders/${encodeURIComponent(orderNumber)}`, { signal });
}

export function getOrderDetailQueryOptions(orderNumber: string) {
  return queryOptions({
    queryKey: ordersKeys.detail(orderNumber),
    queryFn: ({ signal }) => getOrderDetail(orderNumber, signal),
  });
}

/** One order's page; idle without a number (an address that names none). */
export function useOrderDetail(orderNumber: string | null) {
  return useQuery({ ...getOrderDetailQueryOptions(orderNumber ?? ''), enabled: orderNumber !== null });
}
