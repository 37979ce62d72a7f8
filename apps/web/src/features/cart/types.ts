/** The cart's types on the web; GET /api/cart's answer (Cart, CartItem) is the API's own. */
import type { Part } from '@pitstop/core/parts';

export type { Cart, CartItem } from '@pitstop/core/cart';

/** A part as the catalogue answers it, as far as adding it to the cart needs. */
export type AddablePart = Pick<Part, '_id' | 'name' | 'img' | 'price' | 'availablequantity' | 'minquantity'>;

/** What a screen knows about a part when it adds it: the snapshot a visitor's line keeps. */
export interface CartPart {
  partId: string;
  name: string;
  img: string;
  unitPrice: number;
  available: number;
  minquantity: number;
}

/** The outcome of "Add to cart", to say on screen. */
export interface AddToCartResult {
  /** How many the cart holds now. */
  total: number;
  /** How many this click added (0 when the cart already held all there is). */
  added: number;
  /** The sum was lowered to what is in stock. */
  capped: boolean;
}

/** A line from before sign-in that the account's cart did not take (or took fewer of). */
export interface RefusedLine {
  partId: string;
  name: string;
  /** Why, as a sentence to show (the server's own text for a refusal). */
  reason: string;
}
