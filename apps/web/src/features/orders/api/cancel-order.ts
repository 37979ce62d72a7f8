import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@pitstop/core/orders';
import { apiPost } from '@/lib/api-client';
import type { OrdersPage } from './get-all-orders';
import { ordersKeys } from './orders-query-keys';

/**
 * POST /api/order/:id/cancel (Bearer). A customer: their own unpaid (or on-account, not shipped)
 * order, stock back. An admin: any order not yet shipped; a paid card order is refunded through the
 * payment provider first (402 with the reason when the provider refuses: nothing changed) and the
 * customer is mailed. Cancelling again answers the cancelled order unchanged.
 */
export function cancelOrder(id: string): Promise<Order> {
  return apiPost<Order>(`/order/${encodeURIComponent(id)}/cancel`);
}

/** Puts the answered order in place in every cached list (My Orders and All Orders pages). */
export function replaceOrderInLists(queryClient: ReturnType<typeof useQueryClient>, updated: Order): void {
  queryClient.setQueriesData<OrdersPage | Order[]>({ queryKey: ordersKeys.lists() }, (data) => {
    if (!data) return data;
    const swap = (orders: Order[]) => orders.map((o) => (o._id === updated._id ? updated : o));
    return Array.isArray(data) ? swap(data) : { ...data, orders: swap(data.orders) };
  });
}

/** Cancels an order (customer or admin, see cancelOrder); the lists show it cancelled at once. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) => cancelOrder(order._id),
    onSuccess: (updated) => {
      replaceOrderInLists(queryClient, updated);
      // Counts, status filters and the catalogue's stock changed.
      return queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
    },
  });
}
