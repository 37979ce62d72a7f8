import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { cartKeys, type Cart } from '@/lib/cart';

/** DELETE /api/cart/items/:partId: the cart without the line. */
export function removeCartItem(partId: string): Promise<Cart> {
  return apiDelete<Cart>(`/cart/items/${encodeURIComponent(partId)}`);
}

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.server(), cart),
  });
}
