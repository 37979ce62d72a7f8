import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@pitstop/core/orders';
import { apiPost } from '@/lib/api-client';
import { replaceOrderInLists } from './cancel-order';
import { ordersKeys } from './orders-query-keys';

/**
 * POST /api/order/:id/paid (admins): an order on account's invoice was paid. `paid` turns true
 * (`paidAt` set); one not yet shipped turns `paid`. A card order or a cancelled one: 409.
 */
export function markOrderPaid(id: string): Promise<Order> {
  return apiPost<Order>(`/order/${encodeURIComponent(id)}/paid`);
}

export function useMarkOrderPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) => markOrderPaid(order._id),
    onSuccess: (updated) => {
      replaceOrderInLists(queryClient, updated);
      return queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
    },
  });
}
