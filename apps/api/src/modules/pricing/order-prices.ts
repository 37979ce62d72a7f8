import type { Db } from '../../db/client.js';
import type { TakenLine } from '../cart/service.js';
import type { Buyer } from '../companies/membership.js';

/** A line's price as the order charges it, and the retail price when that differs (tier or sale). */
export interface OrderPrice {
  unitPriceCents: number;
  /** Retail when the line is priced otherwise; null: the line pays retail. */
  listPriceCents: number | null;
}

/**
 * The price each taken line is charged, by part id, inside the order's transaction: the buyer's
 * price list (company's or their own) or a running sale where lower, else retail.
 * OWNER: price tiers (issue #30 item 5). Until built: retail.
 */
export async function orderPrices(
  _tx: Db,
  _buyer: Buyer,
  lines: TakenLine[],
): Promise<Map<string, OrderPrice>> {
  return new Map(lines.map((l) => [l.partId, { unitPriceCents: l.priceCents, listPriceCents: null }]));
}
