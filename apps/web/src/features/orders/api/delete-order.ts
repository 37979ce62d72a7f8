import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@pitstop/core/orders';
import { apiDelete } from '@/lib/api-client';
import { arrayShape, optimisticRemoval } from '@/lib/optimistic-removal';
import { deleteOrderMutationKey, ordersKeys } from './orders-query-keys';

/** DELETE /api/order/:id (Bearer): removes an unpaid order of the caller's; its stock returns. */
export function deleteOrder(id: string): Promise<{ deletedCount: number }> {
  return apiDelete<{ deletedCount: number }>(`/order/${encodeURIComponent(id)}`);
}

/** Deletes one of the customer's orders: the row goes at once and comes back if the server refuses. */
export function useDeleteOrder(email: string, options: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { onDeleted } = options;
  return useMutation({
    ...optimisticRemoval(queryClient, {
      mutationKey: deleteOrderMutationKey,
      remove: (order: Order) => deleteOrder(order._id),
      queryKey: ordersKeys.mine(email),
      shape: arrayShape<Order>(),
    }),
    onSuccess: () => onDeleted?.(),
  });
}
