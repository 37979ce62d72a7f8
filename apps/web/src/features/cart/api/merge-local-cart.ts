import type { QueryClient } from '@tanstack/react-query';
import { cartPageTexts } from '@pitstop/core/cart-texts';
import { isApiError } from '@/lib/api-client';
import { cartKeys, getCart, type Cart } from '@/lib/cart';
import { addRefusedLines, clearLocalCart, getLocalCart, removeLocalItem } from '../stores/local-cart';
import type { RefusedLine } from '../types';
import { setCartItemQuantity } from './set-cart-item-quantity';

let inFlight: Promise<RefusedLine[]> | null = null;

async function merge(queryClient: QueryClient): Promise<RefusedLine[]> {
  const local = getLocalCart();
  // Nothing whole to move (stored lines that do not check out): nothing to keep either.
  if (local.length === 0) {
    clearLocalCart();
    return [];
  }
  const server = await getCart();
  let cart: Cart = server;
  const reported: RefusedLine[] = [];

  try {
    // Oldest first, so the lines keep the order they were chosen in.
    for (const line of [...local].reverse()) {
      const held = server.items.find((item) => item.partId === line.partId);
      const wanted = (held?.quantity ?? 0) + line.quantity;
      // The server's stock when it has the line, else the one seen when it was added.
      const quantity = Math.min(wanted, held?.available ?? line.available);
      try {
        cart = await setCartItemQuantity({ partId: line.partId, quantity });
        if (quantity < wanted) {
          reported.push({ partId: line.partId, name: line.name, reason: cartPageTexts.reduced(quantity) });
        }
      } catch (error) {
        // A refusal asking again will not change: the part is gone, or the quantity does not fit.
        if (!(isApiError(error) && error.isRefusal)) throw error;
        const reason =
          isApiError(error) && error.status === 404 ? cartPageTexts.refusedGone : (error as Error).message;
        reported.push({ partId: line.partId, name: line.name, reason });
      }
      // Each line leaves the browser as soon as the server has answered for it, so a merge cut
      // short (network, ended session) and run again never adds a line twice.
      removeLocalItem(line.partId);
    }
  } finally {
    addRefusedLines(reported);
    // A cart read that started before the merge must not land on top of its answer.
    await queryClient.cancelQueries({ queryKey: cartKeys.server() });
    queryClient.setQueryData(cartKeys.server(), cart);
  }
  return reported;
}

/**
 * At sign-in, the lines a visitor put in this browser's cart move to the account's cart: each is
 * PUT with the quantity the account already held plus the browser's, capped at the stock, then
 * removed from the browser. A line the server refuses (gone, out of range) or lowers is kept in
 * a report the cart page shows. Several screens may ask at once; they share one run.
 */
export function mergeLocalCart(queryClient: QueryClient): Promise<RefusedLine[]> {
  inFlight ??= merge(queryClient).finally(() => {
    inFlight = null;
  });
  return inFlight;
}
