import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutResult } from '@pitstop/core/checkout';
import type { CreateOrderInput } from '@pitstop/core/orders';
import { apiPost } from '@/lib/api-client';
import { addressBookKeys } from '@/lib/address-book';
import { idempotencyHeader, useIdempotencyKey } from '@/lib/idempotency-key';
import { savedAddressKeys } from '@/lib/saved-address';
import { ordersKeys } from './orders-query-keys';

/** What the part page's form sends: `payment` may be left out (by card). */
export type CreateOrderRequest = Omit<CreateOrderInput, 'payment'> &
  Partial<Pick<CreateOrderInput, 'payment'>>;

/**
 * POST /api/order (spec §7): places a one-line order through the checkout and answers it as the
 * checkout does (insertedId, number, totals with tax, how it is paid). The server checks the
 * quantity against the part and reserves the stock: a quantity outside the part's limits answers
 * 400 on `quantity`, stock sold meanwhile 409; a bad address 400 on `address.<field>`.
 */
export function createOrder(input: CreateOrderRequest, idempotencyKey?: string): Promise<CheckoutResult> {
  return apiPost<CheckoutResult>('/order', input, idempotencyHeader(idempotencyKey));
}

/**
 * Places an order; the customer's order list and address book are stale afterwards. Placing it
 * again after a lost answer sends the same Idempotency-Key, so the order is never placed twice.
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (input: CreateOrderRequest) => createOrder(input, idempotency.for(input)),
    onSettled: (_data, error) => idempotency.settled(error),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: savedAddressKeys.all });
      void queryClient.invalidateQueries({ queryKey: addressBookKeys.all });
      return queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
    },
  });
}
