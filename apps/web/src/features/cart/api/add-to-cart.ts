import type { QueryClient } from '@tanstack/react-query';
import { cartPageTexts } from '@pitstop/core/cart-texts';
import { cartKeys, getCartQueryOptions } from '@/lib/cart';
import { problemText } from '@/lib/error-text';
import { getAccessToken } from '@/lib/session';
import { addLocalItem, quantityAfterAdding } from '../stores/local-cart';
import type { AddablePart, AddToCartResult, CartPart } from '../types';
import { setCartItemQuantity } from './set-cart-item-quantity';

export function toCartPart(part: AddablePart): CartPart {
  return {
    partId: part._id,
    name: part.name,
    img: part.img,
    unitPrice: part.price,
    available: part.availablequantity,
    minquantity: part.minquantity,
  };
}

/**
 * "Add to cart", wherever the cart lives: this browser's for a visitor, the account's when signed
 * in (the quantity held is read from the cart, the sum is PUT).
 * Without `quantity`, a new line takes the part's minimum order and a line already there one more.
 */
export async function addToCart(
  queryClient: QueryClient,
  part: CartPart,
  quantity?: number,
): Promise<AddToCartResult> {
  if (getAccessToken() === null) return addLocalItem(part, quantity);

  const cart = await queryClient.fetchQuery(getCartQueryOptions());
  const line = cart.items.find((item) => item.partId === part.partId);
  // The server's stock is fresher than the page's.
  const result = quantityAfterAdding(line?.quantity ?? 0, line ?? part, quantity);
  if (result.added === 0) return result;
  const next = await setCartItemQuantity({ partId: part.partId, quantity: result.total });
  queryClient.setQueryData(cartKeys.server(), next);
  return result;
}

function resultText({ total, added, capped }: AddToCartResult, name: string): string {
  if (added === 0) return cartPageTexts.alreadyAllInStock(total);
  if (capped) return cartPageTexts.cappedAtStock(total);
  return cartPageTexts.addedNow(added, name, total);
}

/**
 * What the "Add to cart" buttons load on their first click: adds the part and answers the
 * sentence to show, a failure included (never throws).
 */
export async function addToCartAndSay(
  queryClient: QueryClient,
  part: AddablePart,
  quantity?: number,
): Promise<{ text: string; failed: boolean }> {
  try {
    const result = await addToCart(queryClient, toCartPart(part), quantity);
    return { text: resultText(result, part.name), failed: false };
  } catch (error) {
    return { text: problemText(error, cartPageTexts.addFailed), failed: true };
  }
}
