import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER } from '@pitstop/core/catalogue';
import type { Order } from '@pitstop/core/orders';
import { apiRequest } from '@/lib/api-client';
import { ordersKeys, type AdminOrdersParams } from './orders-query-keys';

export interface OrdersPage {
  orders: Order[];
  /** Every order matching the filters (X-Total-Count). */
  total: number;
}

/** GET /api/order?status=&email=&limit=&offset= (admins): one page of every customer's orders. */
export async function getAllOrders(params: AdminOrdersParams, signal?: AbortSignal): Promise<OrdersPage> {
  const { data, headers } = await apiRequest<Order[]>('/order', { params: { ...params }, signal });
  const header = Number(headers.get(TOTAL_COUNT_HEADER));
  const total =
    headers.has(TOTAL_COUNT_HEADER) && Number.isFinite(header) ? header : params.offset + data.length;
  return { orders: data, total };
}

export function getAllOrdersQueryOptions(params: AdminOrdersParams) {
  return queryOptions({
    queryKey: ordersKeys.admin(params),
    queryFn: ({ signal }) => getAllOrders(params, signal),
    staleTime: 0,
  });
}

/** One page of All Orders; the previous page stays up while the next one loads. */
export function useAllOrders(params: AdminOrdersParams) {
  return useQuery({ ...getAllOrdersQueryOptions(params), placeholderData: keepPreviousData });
}
