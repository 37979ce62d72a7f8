import { cartUiTexts } from './messages.js';
import { groupThousands } from './money.js';

/**
 * What a shopper reads about buying a part (issue #28): its minimum order, what "Add to cart"
 * adds, and its stock in words. No runtime dependencies (no zod): part cards are in every
 * catalogue page's first load.
 *
 * The shop's minimum (`minquantity`) is a minimum order quantity, not a pack size: any quantity
 * from the minimum up to the stock can be ordered (spec §9), so the words are "Minimum order N".
 */

/** Stock words: "Only N left" from this many orderable units down (and "In stock" above). */
export const FEW_LEFT_AT = 5;

export type StockLevel = 'in' | 'few' | 'out';

type StockFacts = { availablequantity: number; minquantity: number };

/**
 * Out of stock when not even the minimum order is there (the catalogue's "In stock only" filter
 * and the cart's Add button say the same); few left at FEW_LEFT_AT units or fewer.
 */
export function stockLevel({ availablequantity, minquantity }: StockFacts): StockLevel {
  if (availablequantity < Math.max(1, minquantity)) return 'out';
  return availablequantity <= FEW_LEFT_AT ? 'few' : 'in';
}

/** A minimum worth saying: above 1 (every part can be ordered one at a time otherwise). */
export function hasMinimum(part: { minquantity: number }): boolean {
  return part.minquantity > 1;
}

export const minimumsTexts = {
  minimumOrder: (n: number) => `Minimum order ${groupThousands(n)}`,
  /** A card's button when the part's minimum is above 1: it adds exactly that many. */
  addNToCart: (n: number) => `Add ${groupThousands(n)} to cart`,
  /** Its accessible name, after the part like the card's Buy Now ("Add 5 to cart: Brake pads"). */
  addNToCartLabel: (n: number, name: string) => `Add ${groupThousands(n)} to cart: ${name}`,
  inStock: 'In stock',
  onlyLeft: (n: number) => `Only ${groupThousands(n)} left`,
  outOfStock: 'Out of stock',
  /** The part page's fact that holds the stock words. */
  availability: 'Availability',
  /** Beside the words, for admins only: the exact count. */
  adminCount: (n: number) => `${groupThousands(n)} available`,
  /** The order form's hint under Quantity. */
  orderHint: (min: number, stock: string) =>
    min > 1 ? `Minimum order ${groupThousands(min)}. ${stock}.` : `${stock}.`,
} as const;

type Addable = { name: string; minquantity: number };

/** A card's Add to cart says what it adds: "Add 5 to cart" (the minimum), or "Add to cart" for one. */
export function cardAddText(part: Addable): string {
  return hasMinimum(part) ? minimumsTexts.addNToCart(part.minquantity) : cartUiTexts.addToCart;
}

/** Its accessible name: the visible words, then the part ("Add 5 to cart: Brake pads"). */
export function cardAddLabel(part: Addable): string {
  return hasMinimum(part)
    ? minimumsTexts.addNToCartLabel(part.minquantity, part.name)
    : cartUiTexts.addToCartLabel(part.name);
}

/** "In stock", "Only 3 left" or "Out of stock". */
export function stockWords(part: StockFacts): string {
  switch (stockLevel(part)) {
    case 'out':
      return minimumsTexts.outOfStock;
    case 'few':
      return minimumsTexts.onlyLeft(part.availablequantity);
    case 'in':
      return minimumsTexts.inStock;
  }
}
