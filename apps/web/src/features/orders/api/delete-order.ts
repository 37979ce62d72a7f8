import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@pitstop/core/orders';
import { apiDelete } from '@/lib/api-client';
import { deleteOrderMutationKey, ordersKeys } from './orders-query-keys';

/** DELETE /api/order/:id (Bearer): removes an unpaid order of the caller's; its stock returns. */
export function deleteOrder(id: string): Promise<{ deletedCount: number }> {
  return apiDelete<{ deletedCount: number }>(`/order/${encodeURIComponent(id)}`);
}

interface DeleteContext {
  removed: Order | undefined;
  index: number;
}

/**
 * Deletes an order optimistically (spec §4: the row goes at once, without waiting for the
 * server). A failure puts back only that row, where it was, so deletes running side by side
 * don't bring each other's rows back. The list is refetched once the last delete settles.
 */
export function useDeleteOrder(email: string, options: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  const queryKey = ordersKeys.mine(email);
  const { onDeleted } = options;

  return useMutation({
    mutationKey: deleteOrderMutationKey,
    mutationFn: (order: Order) => deleteOrder(order._id),
    onMutate: async (order): Promise<DeleteContext> => {
      await queryClient.cancelQueries({ queryKey });
      const current = queryClient.getQueryData<Order[]>(queryKey) ?? [];
      const index = current.findIndex((o) => o._id === order._id);
      queryClient.setQueryData<Order[]>(queryKey, (orders) => orders?.filter((o) => o._id !== order._id));
      return { removed: index >= 0 ? current[index] : undefined, index };
    },
    onError: (_error, _order, context) => {
      const removed = context?.removed;
      if (!removed) return;
      queryClient.setQueryData<Order[]>(queryKey, (orders = []) => {
        if (orders.some((o) => o._id === removed._id)) return orders;
        const next = [...orders];
        next.splice(Math.min(context.index, next.length), 0, removed);
        return next;
      });
    },
    onSuccess: () => onDeleted?.(),
    onSettled: () => {
      // This mutation still counts as running here: refetch only when it is the last one.
      if (queryClient.isMutating({ mutationKey: deleteOrderMutationKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey });
      }
      return undefined;
    },
  });
}
