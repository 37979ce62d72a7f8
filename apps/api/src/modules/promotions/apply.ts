import type { Db } from '../../db/client.js';
import type { Buyer } from '../companies/membership.js';

/** A priced order line as a discount code sees it. */
export interface DiscountableLine {
  partId: string;
  brand: string;
  category: string;
  /** unit price × quantity, in cents, after tier and sale prices. */
  amountCents: number;
}

/** A code that applies: what it takes off in all and from each line (same order as the lines). */
export interface AppliedDiscount {
  promotionId: string;
  /** The code as the admin wrote it. */
  code: string;
  discountCents: number;
  perLineCents: number[];
}

/**
 * Checks `code` inside the order's transaction (locking the promotion's row, so total and
 * per-customer limits hold under concurrent checkouts) and answers what it takes off, or throws a
 * 400 on `discountCode` naming why it does not apply. No code: null.
 * OWNER: promotions (issue #30 item 6). Until built: no code applies.
 */
export async function applyDiscountCode(
  _tx: Db,
  code: string | undefined,
  _buyer: Buyer,
  _lines: DiscountableLine[],
): Promise<AppliedDiscount | null> {
  if (code === undefined) return null;
  return null;
}

/** Counts the use against the code, in the order's transaction, once the order is written. */
export async function recordDiscountUse(
  _tx: Db,
  _applied: AppliedDiscount,
  _orderId: string,
  _userId: string,
): Promise<void> {}
