import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '@/lib/api-client';
import { cartKeys, type Cart } from '@/lib/cart';

/**
 * PUT /api/cart/items/:partId: the line holds exactly this many (added when absent). Answers the
 * whole cart; 400 with field `quantity` when out of range, 404 for an unknown part.
 */
export function setCartItemQuantity({
  partId,
  quantity,
}: {
  partId: string;
  quantity: number;
}): Promise<Cart> {
  return apiPut<Cart>(`/cart/items/${encodeURIComponent(partId)}`, { quantity });
}

export function useSetCartItemQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCartItemQuantity,
    // The answer is the whole cart, set here so it lands even when the screen has moved on.
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.server(), cart),
  });
}
