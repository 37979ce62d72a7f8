import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { paymentsKeys } from './payments-query-keys';

/**
 * POST /api/create-payment-intent (Bearer): starts paying for an order and answers the client
 * secret the card form confirms with. The amount comes from the order on the server; 409 when
 * the order is already paid.
 */
export function createPaymentIntent(
  orderId: string,
  signal?: AbortSignal,
  saveCard = false,
): Promise<{ clientSecret: string }> {
  return apiPost<{ clientSecret: string }>(
    '/create-payment-intent',
    saveCard ? { orderId, saveCard } : { orderId },
    { signal },
  );
}

/**
 * The intent for the open payment screen. A query rather than a mutation fired from an effect:
 * it runs once per screen (deduplicated across re-renders and StrictMode's double mount) and is
 * never refetched on its own. `saveCard` (Stripe) makes the intent for the customer's saved
 * cards. gcTime 0 drops the secret as soon as the screen closes.
 */
export function usePaymentIntent(orderId: string, saveCard = false) {
  return useQuery({
    // Stripe keeps a card only when the intent says so (setup_future_usage): ticking "Save this
    // card" asks for the intent again, with it; Pay waits meanwhile.
    queryKey: saveCard ? [...paymentsKeys.intent(orderId), 'save-card'] : paymentsKeys.intent(orderId),
    queryFn: ({ signal }) => createPaymentIntent(orderId, signal, saveCard),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnReconnect: false,
    select: (data) => data.clientSecret,
  });
}
