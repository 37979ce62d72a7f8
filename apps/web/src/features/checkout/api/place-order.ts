import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutInput, CheckoutResult } from '@pitstop/core/checkout';
import { apiPost } from '@/lib/api-client';
import { idempotencyHeader, useIdempotencyKey } from '@/lib/idempotency-key';
import { cartKeys } from '@/lib/cart';
import { addressBookKeys } from '@/lib/address-book';
import { savedAddressKeys } from '@/lib/saved-address';

/**
 * POST /api/checkout: the signed-in customer's cart becomes one unpaid order (201). 400 with
 * `address.<field>` errors for a bad address; 409 naming a part that ran short.
 */
export function placeOrder(input: CheckoutInput, idempotencyKey?: string): Promise<CheckoutResult> {
  return apiPost<CheckoutResult>('/checkout', input, idempotencyHeader(idempotencyKey));
}

/** Checks out; again after a lost answer with the same Idempotency-Key (one order, never two). */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (input: CheckoutInput) => placeOrder(input, idempotency.for(input)),
    onSettled: (_data, error) => idempotency.settled(error),
    // The server emptied the cart and kept the address in the address book. Not awaited: the screen
    // moves on to the payment page at once.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      void queryClient.invalidateQueries({ queryKey: savedAddressKeys.all });
      void queryClient.invalidateQueries({ queryKey: addressBookKeys.all });
    },
    // A refusal about stock: the cart's lines show what is left now.
    onError: () => void queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
