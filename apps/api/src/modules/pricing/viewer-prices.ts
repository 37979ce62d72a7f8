import type { Db } from '../../db/client.js';
import type { Buyer } from '../companies/membership.js';

/** What one part costs the viewer now, in cents. */
export interface ViewerPrice {
  priceCents: number;
  /** Retail when the viewer's price differs (their tier, a running sale); null: retail. */
  listPriceCents: number | null;
  /** When a running sale ends (ISO), if the price is a sale's. */
  saleEndsAt: string | null;
}

/**
 * The prices these parts cost this viewer (null: a visitor), by part id, as every read shows them
 * (cards, part page, cart, quick order). A part not found is absent.
 * OWNER: price tiers (issue #30 item 5). Until built: retail from `retail`.
 */
export async function viewerPrices(
  _db: Db,
  _buyer: Buyer | null,
  retail: { partId: string; priceCents: number }[],
): Promise<Map<string, ViewerPrice>> {
  return new Map(
    retail.map((r) => [r.partId, { priceCents: r.priceCents, listPriceCents: null, saleEndsAt: null }]),
  );
}
