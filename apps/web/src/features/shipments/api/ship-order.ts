import { useMutation } from '@tanstack/react-query';
import type { Order } from '@pitstop/core/orders';
import type { CreateShipmentInput } from '@pitstop/core/shipments';
import { apiPost } from '@/lib/api-client';

/**
 * POST /api/orders/:number/shipments (admins): these units leave with this carrier and tracking
 * number; answers the order with its shipments. A bad tracking number or quantity: 400 naming the
 * field; an order that cannot ship: 409.
 */
export function shipOrder(orderNumber: string, input: CreateShipmentInput): Promise<Order> {
  return apiPost<Order>(`/orders/${encodeURIComponent(orderNumber)}/shipments`, input);
}

export interface ShipOrderOptions {
  /**
   * Called with the order as it now is, before the mutation settles: the screen that shows the
   * order refreshes its data here (the order's queries belong to the orders feature).
   */
  onShipped?: ((order: Order) => Promise<unknown> | void) | undefined;
}

export function useShipOrder({ onShipped }: ShipOrderOptions = {}) {
  return useMutation({
    mutationFn: ({ orderNumber, input }: { orderNumber: string; input: CreateShipmentInput }) =>
      shipOrder(orderNumber, input),
    onSuccess: (order) => onShipped?.(order),
  });
}
