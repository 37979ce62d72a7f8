import { cartPageTexts } from '@pitstop/core/cart-texts';
import { messages, shopTexts } from '@pitstop/core/messages';

interface Limits {
  minquantity: number;
  availablequantity: number;
}

/**
 * Why a typed quantity cannot go in the cart, or null: a whole number within the part's minimum
 * order and its stock (the order form's rule and texts, spec §4). The same checks as
 * quantityProblem in @pitstop/core/orders, which the cart API runs; not imported from there
 * because that module brings zod into the part page's first load.
 */
export function cartQuantityProblem(
  value: string,
  { minquantity, availablequantity }: Limits,
): string | null {
  const text = value.trim();
  if (text === '') return messages.quantityRequired;
  const quantity = Number(text);
  if (!Number.isInteger(quantity)) return cartPageTexts.notANumber;
  if (quantity > availablequantity) return messages.quantityAboveAvailable;
  if (quantity < minquantity) return shopTexts.quantityBelowMin(minquantity);
  return null;
}

/** A line's stock as last known: its own snapshot, or fresher news from the catalogue. */
export interface LineStock {
  available: number;
  minquantity: number;
  /** The part is no longer sold. */
  gone?: boolean;
}

/** Why a line cannot be checked out as it is, or null when it fits the stock. */
export function lineProblem(
  quantity: number,
  { available, minquantity, gone = false }: LineStock,
): string | null {
  if (gone) return cartPageTexts.partGone;
  if (available === 0) return cartPageTexts.outOfStock;
  if (available < minquantity) return cartPageTexts.belowMinimumStock(available, minquantity);
  if (quantity > available) return cartPageTexts.onlyLeft(available);
  if (quantity < minquantity) return cartPageTexts.belowMinimum(minquantity);
  return null;
}
