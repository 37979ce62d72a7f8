import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Order } from '@pitstop/core/orders';
import { optimisticRemoval, type ListShape } from '@/lib/optimistic-removal';
import { deleteOrder } from './delete-order';
import { deleteOrderMutationKey, ordersKeys } from './orders-query-keys';
import type { OrdersPage } from './get-all-orders';

const ordersPageShape: ListShape<OrdersPage, Order> = {
  rows: (page) => page.orders,
  withRows: (page, orders, change) => ({ ...page, orders, total: Math.max(0, page.total + change) }),
};

/**
 * An admin deletes any order (DELETE /api/order/:id) from the page on screen: the row goes at
 * once and comes back where it was if the server refuses. Every list is refetched once the
 * last delete settles (the rows after it move up).
 */
export function useDeleteAnyOrder(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation(
    optimisticRemoval(queryClient, {
      mutationKey: deleteOrderMutationKey,
      remove: (order: Order) => deleteOrder(order._id),
      queryKey,
      shape: ordersPageShape,
      invalidateKey: ordersKeys.lists(),
    }),
  );
}
