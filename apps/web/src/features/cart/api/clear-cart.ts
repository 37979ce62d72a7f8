import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { cartKeys, type Cart } from '@/lib/cart';

/** DELETE /api/cart: the empty cart. */
export function clearCart(): Promise<Cart> {
  return apiDelete<Cart>('/cart');
}

export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearCart,
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.server(), cart),
  });
}
