import { useMutation } from '@tanstack/react-query';
import type { Order } from '@pitstop/core/orders';
import { apiPost } from '@/lib/api-client';

/**
 * POST /api/orders/:number/delivered (admins): a shipped order arrived; the customer is mailed.
 * Again: no change. An order not (fully) shipped: 409.
 */
export function markDelivered(orderNumber: string): Promise<Order> {
  return apiPost<Order>(`/orders/${encodeURIComponent(orderNumber)}/delivered`);
}

export function useMarkDelivered({
  onDelivered,
}: { onDelivered?: ((order: Order) => Promise<unknown> | void) | undefined } = {}) {
  return useMutation({
    mutationFn: (orderNumber: string) => markDelivered(orderNumber),
    onSuccess: (order) => onDelivered?.(order),
  });
}
