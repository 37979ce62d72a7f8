import type { Part } from '@pitstop/core/parts';
import type { Cart, CartItem } from '@/lib/cart';
import { mockApi } from './api';
import { jsonBodyOf } from './form';
import { jsonResponse } from './render';

/** A visitor's cart line as the browser keeps it. */
export function localLine(part: Part, quantity: number): CartItem {
  return {
    partId: part._id,
    name: part.name,
    img: part.img,
    unitPrice: part.price,
    quantity,
    available: part.availablequantity,
    minquantity: part.minquantity,
  };
}

/** Puts lines in the browser's cart (`pitstop.cart`), as a visitor's earlier visit left them. */
export function seedLocalCart(lines: CartItem[]): void {
  window.localStorage.setItem('pitstop.cart', JSON.stringify({ items: lines }));
}

/**
 * The signed-in cart API in memory, behaving as the contract says: GET answers the cart, PUT sets
 * a line's quantity (400 with field `quantity` outside minquantity..available), DELETE removes a
 * line or everything; each answers the whole cart. A part not in `parts` answers 404 (mockApi).
 */
export function fakeServerCart(parts: Part[], initial: { partId: string; quantity: number }[] = []) {
  let lines = [...initial];
  const cart = (): Cart => {
    const items = lines.map(({ partId, quantity }) => {
      const part = parts.find((p) => p._id === partId);
      if (!part) throw new Error(`fakeServerCart: unknown part ${partId}`);
      return { ...localLine(part, quantity) };
    });
    const cents = items.reduce((sum, item) => sum + Math.round(item.unitPrice * 100) * item.quantity, 0);
    return { items, subtotal: cents / 100 };
  };
  const routes: Parameters<typeof mockApi>[0] = {
    'GET /api/cart': () => jsonResponse(cart()),
    'DELETE /api/cart': () => {
      lines = [];
      return jsonResponse(cart());
    },
  };
  for (const part of parts) {
    routes[`PUT /api/cart/items/${part._id}`] = (_url, init) => {
      const { quantity } = jsonBodyOf(init) as { quantity: number };
      if (quantity < part.minquantity || quantity > part.availablequantity) {
        const message =
          quantity > part.availablequantity
            ? `Only ${part.availablequantity} of ${part.name} are left.`
            : `Quantity can't be less than ${part.minquantity}`;
        return new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: message,
            errors: [{ field: 'quantity', message }],
          }),
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        );
      }
      lines = lines.some((line) => line.partId === part._id)
        ? lines.map((line) => (line.partId === part._id ? { ...line, quantity } : line))
        : [...lines, { partId: part._id, quantity }];
      return jsonResponse(cart());
    };
    routes[`DELETE /api/cart/items/${part._id}`] = () => {
      lines = lines.filter((line) => line.partId !== part._id);
      return jsonResponse(cart());
    };
  }
  const api = mockApi(routes);
  return { ...api, cart, lines: () => lines };
}
