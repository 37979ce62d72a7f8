import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderInput } from '@pitstop/core/orders';
import { apiPost } from '@/lib/api-client';
import { idempotencyHeader, useIdempotencyKey } from '@/lib/idempotency-key';
import { ordersKeys } from './orders-query-keys';

/**
 * POST /api/order (spec §7): books an order and answers its id. The server checks the quantity
 * against the part and reserves the stock; not enough stock answers 409.
 */
export function createOrder(
  input: CreateOrderInput,
  idempotencyKey?: string,
): Promise<{ insertedId: string }> {
  return apiPost<{ insertedId: string }>('/order', input, idempotencyHeader(idempotencyKey));
}

/**
 * Places an order; the customer's order list is stale afterwards. Placing it again after a lost
 * answer sends the same Idempotency-Key, so the order is never placed twice.
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (input: CreateOrderInput) => createOrder(input, idempotency.for(input)),
    onSettled: (_data, error) => idempotency.settled(error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.lists() }),
  });
}
