import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Order } from '@pitstop/core/orders';
import { deleteOrder } from './delete-order';
import { deleteOrderMutationKey, ordersKeys } from './orders-query-keys';
import type { OrdersPage } from './get-all-orders';

interface DeleteContext {
  removed: Order | undefined;
  index: number;
}

/**
 * An admin deletes any order (DELETE /api/order/:id) from the page on screen: the row goes at
 * once and comes back where it was if the server refuses. Pages are refetched once the last
 * delete settles (the rows after it move up).
 */
export function useDeleteAnyOrder(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteOrderMutationKey,
    mutationFn: (order: Order) => deleteOrder(order._id),
    onMutate: async (order): Promise<DeleteContext> => {
      await queryClient.cancelQueries({ queryKey });
      const current = queryClient.getQueryData<OrdersPage>(queryKey);
      const index = current?.orders.findIndex((o) => o._id === order._id) ?? -1;
      queryClient.setQueryData<OrdersPage>(queryKey, (page) =>
        page
          ? { orders: page.orders.filter((o) => o._id !== order._id), total: Math.max(0, page.total - 1) }
          : page,
      );
      return { removed: index >= 0 ? current?.orders[index] : undefined, index };
    },
    onError: (_error, _order, context) => {
      const removed = context?.removed;
      if (!removed) return;
      queryClient.setQueryData<OrdersPage>(queryKey, (page) => {
        if (!page || page.orders.some((o) => o._id === removed._id)) return page;
        const orders = [...page.orders];
        orders.splice(Math.min(context.index, orders.length), 0, removed);
        return { orders, total: page.total + 1 };
      });
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: deleteOrderMutationKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
      }
      return undefined;
    },
  });
}
