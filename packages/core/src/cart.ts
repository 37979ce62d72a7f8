import { z } from 'zod';
import { messages } from './messages.js';

/** How many different parts one cart holds. */
export const CART_MAX_LINES = 50;

/** PUT /api/cart/items/:partId — the part's own limits (minimum, available) are checked by the server. */
export const SetCartItemSchema = z.object({
  quantity: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: messages.quantityRequired })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1'),
  ),
});
export type SetCartItemInput = z.infer<typeof SetCartItemSchema>;

export const CartItemParamsSchema = z.object({ partId: z.uuid({ message: 'That is not a valid part id.' }) });

/**
 * One line of the signed-in customer's cart, with the part as it is now: `unitPrice` (dollars)
 * is today's price and `available` today's stock, so the cart can warn when a line no longer fits.
 */
export const CartItemSchema = z.object({
  partId: z.string(),
  name: z.string(),
  img: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  available: z.number().int(),
  minquantity: z.number().int(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

/** GET /api/cart and every cart change: the whole cart, oldest line first; subtotal in dollars. */
export const CartSchema = z.object({
  items: z.array(CartItemSchema),
  subtotal: z.number(),
});
export type Cart = z.infer<typeof CartSchema>;
