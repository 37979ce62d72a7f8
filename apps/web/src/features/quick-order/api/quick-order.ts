import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCartLinesResult, QuickOrderResult, ReorderResult } from '@pitstop/core/quick-order';
import { QUICK_ORDER_FILE_FIELD } from '@pitstop/core/quick-order';
import { apiPost, apiRequest } from '@/lib/api-client';
import { cartKeys } from '@/lib/cart';

export const quickOrderKeys = {
  all: ['quick-order'] as const,
  resolve: (text: string) => [...quickOrderKeys.all, 'resolve', text] as const,
};

/** POST /api/quick-order/resolve {text}: each line's part, price, stock or problem. Writes nothing. */
export function resolveQuickOrder(text: string, signal?: AbortSignal): Promise<QuickOrderResult> {
  return apiPost<QuickOrderResult>('/quick-order/resolve', { text }, { signal });
}

/** The same for an uploaded .csv/.txt file (multipart field "file"). */
export async function resolveQuickOrderFile(file: File): Promise<QuickOrderResult> {
  const body = new FormData();
  body.append(QUICK_ORDER_FILE_FIELD, file);
  const { data } = await apiRequest<QuickOrderResult>('/quick-order/resolve', { method: 'POST', body });
  return data;
}

/** POST /api/cart/lines: the good lines into the cart at once; the answer carries the cart. */
export function useAddCartLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: { partId: string; quantity: number }[]) =>
      apiPost<AddCartLinesResult>('/cart/lines', { lines }),
    onSuccess: (result) => queryClient.setQueryData(cartKeys.server(), result.cart),
  });
}

/** POST /api/orders/:number/reorder: a past order's parts into the cart. */
export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderNumber: string) =>
      apiPost<ReorderResult>(`/orders/${encodeURIComponent(orderNumber)}/reorder`),
    onSuccess: (result) => queryClient.setQueryData(cartKeys.server(), result.cart),
  });
}
