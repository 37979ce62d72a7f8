import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@pitstop/core/orders';
import { apiGet } from '@/lib/api-client';
import { ordersKeys } from './orders-query-keys';

/** GET /api/order/:email (Bearer): that customer's orders; 403 for anyone else's email. */
export function getMyOrders(email: string, signal?: AbortSignal): Promise<Order[]> {
  return apiGet<Order[]>(`/order/${encodeURIComponent(email)}`, { signal });
}

export function getMyOrdersQueryOptions(email: string) {
  return queryOptions({
    queryKey: ordersKeys.mine(email),
    queryFn: ({ signal }) => getMyOrders(email, signal),
  });
}

/** The signed-in customer's orders; idle until their email is known. */
export function useMyOrders(email: string | undefined) {
  return useQuery({ ...getMyOrdersQueryOptions(email ?? ''), enabled: Boolean(email) });
}
