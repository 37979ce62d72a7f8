import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@pitstop/core/orders';
import { apiPatch } from '@/lib/api-client';
import { ordersKeys } from './orders-query-keys';
import type { OrdersPage } from './get-all-orders';

/*
 * Only 'delivered': shipping needs a carrier and a tracking number (features/shipments), and the
 * API answers 'shipped' here with 400.
 */
export type OrderStatusChange = 'delivered';

/**
 * PATCH /api/order/:id/status (admins): shipped → delivered (the customer is mailed; again: no
 * change). An order not fully shipped answers 409.
 */
export function changeOrderStatus(id: string, status: OrderStatusChange): Promise<Order> {
  return apiPatch<Order>(`/order/${encodeURIComponent(id)}/status`, { status });
}

/** Moves an order on; the answered order replaces its row in every cached page. */
export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, status }: { order: Order; status: OrderStatusChange }) =>
      changeOrderStatus(order._id, status),
    onSuccess: (updated) => {
      queryClient.setQueriesData<OrdersPage>({ queryKey: ordersKeys.adminLists() }, (page) =>
        page ? { ...page, orders: page.orders.map((o) => (o._id === updated._id ? updated : o)) } : page,
      );
      // A status filter may no longer match, and counts elsewhere changed.
      return queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
    },
  });
}
