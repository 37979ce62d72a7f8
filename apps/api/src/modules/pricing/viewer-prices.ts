import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { parts } from '../../db/schema.js';
import type { Buyer } from '../companies/membership.js';
import { pricesFor } from './compute.js';

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
 * (cards, part page, cart, quick order): their price list's (company's, else their own), or a
 * running sale's where lower, else retail. A part not found is absent.
 */
export async function viewerPrices(
  db: Db,
  buyer: Buyer | null,
  retail: { partId: string; priceCents: number }[],
): Promise<Map<string, ViewerPrice>> {
  if (retail.length === 0) return new Map();
  const ids = [...new Set(retail.map((r) => r.partId))];
  const found = await db
    .select({ partId: parts.id, brand: parts.brand, category: parts.category })
    .from(parts)
    .where(inArray(parts.id, ids));
  const scope = new Map(found.map((f) => [f.partId, f]));
  const known = retail.flatMap((r) => {
    const s = scope.get(r.partId);
    return s ? [{ partId: r.partId, brand: s.brand, category: s.category, priceCents: r.priceCents }] : [];
  });
  const priced = await pricesFor(db, buyer, known);
  const out = new Map<string, ViewerPrice>();
  for (const [id, p] of priced) {
    out.set(id, {
      priceCents: p.priceCents,
      listPriceCents: p.listPriceCents,
      saleEndsAt: p.saleEndsAt === null ? null : new Date(p.saleEndsAt).toISOString(),
    });
  }
  return out;
}
