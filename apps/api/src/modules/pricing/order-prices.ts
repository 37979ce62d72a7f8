import type { Db } from '../../db/client.js';
import type { TakenLine } from '../cart/service.js';
import type { Buyer } from '../companies/membership.js';
import { pricesFor } from './compute.js';

/** A line's price as the order charges it, and the retail price when that differs (tier or sale). */
export interface OrderPrice {
  unitPriceCents: number;
  /** Retail when the line is priced otherwise; null: the line pays retail. */
  listPriceCents: number | null;
}

/**
 * The price each taken line is charged, by part id, inside the order's transaction: the buyer's
 * price list (company's or their own) or a running sale where lower, else retail. The lines carry
 * the part's retail price, brand and category as the checkout took them.
 */
export async function orderPrices(
  tx: Db,
  buyer: Buyer,
  lines: TakenLine[],
): Promise<Map<string, OrderPrice>> {
  const priced = await pricesFor(tx, buyer, lines);
  return new Map(
    lines.map((l) => {
      const p = priced.get(l.partId);
      return [
        l.partId,
        p
          ? { unitPriceCents: p.priceCents, listPriceCents: p.listPriceCents }
          : { unitPriceCents: l.priceCents, listPriceCents: null },
      ];
    }),
  );
}
