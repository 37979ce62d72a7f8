import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mergeLocalCart } from '../api/merge-local-cart';

/**
 * Moves the cart a visitor filled in this browser into the account's cart once they are signed
 * in, on whatever screen sign-in lands. The app mounts it (lazily) only while both are true, so
 * the merge code stays out of every first load. Renders nothing: what the account's cart did
 * not take is reported on the cart page.
 */
export function CartMerge() {
  const queryClient = useQueryClient();
  useEffect(() => {
    // A failure (network, server) leaves the unmoved lines in the browser; the cart page offers
    // to try again, and the next page load does.
    mergeLocalCart(queryClient).catch(() => undefined);
  }, [queryClient]);
  return null;
}
