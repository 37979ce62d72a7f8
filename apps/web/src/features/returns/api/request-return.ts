import { useMutation } from '@tanstack/react-query';
import type { Return } from '@pitstop/core/order-detail';
import type { CreateReturn } from '@pitstop/core/returns';
import { apiPost } from '@/lib/api-client';

/** POST /api/orders/:number/returns: the customer asks to return units of a delivered order. */
export function requestReturn(orderNumber: string, input: CreateReturn): Promise<Return> {
  return apiPost<Return>(`/orders/${encodeURIComponent(orderNumber)}/returns`, input);
}

/**
 * The request. The order page that shows the return is another feature's: it says what to
 * refresh through `onChanged` (its order's query), as the part page does for stock.
 */
export function useRequestReturn(orderNumber: string, onChanged?: () => void) {
  return useMutation({
    mutationFn: (input: CreateReturn) => requestReturn(orderNumber, input),
    onSuccess: () => onChanged?.(),
  });
}
