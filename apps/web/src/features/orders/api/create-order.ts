import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderInput } from '@pitstop/core/orders';
import { apiPost } from '@/lib/api-client';
import { ordersKeys } from './orders-query-keys';

/**
 * POST /api/order (spec §7): books an order and answers its id. The server checks the quantity
 * against the part and reserves the stock; not enough stock answers 409.
 */
export function createOrder(input: CreateOrderInput): Promise<{ insertedId: string }> {
  return apiPost<{ insertedId: string }>('/order', input);
}

/** Places an order; the customer's order list is stale afterwards. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.lists() }),
  });
}
