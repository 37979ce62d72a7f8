import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies, partSales, parts, priceListPrices, priceListRules, priceLists } from '../db/schema.js';
import { DEMO_COMPANY } from './demo-companies.js';

/** The demo price list the demo company buys at (issue #30 item 5). */
export const DEMO_PRICE_LIST = 'Fleet trade';
/** Demo parts on sale for two weeks from the first start, for everyone. */
const DEMO_SALE_PARTS = ['B7B-H4300-00'];

/**
 * Once (nothing when the list exists): "Fleet trade" — 10 % off everything, 15 % off Yamaha, a
 * fixed price for one part — assigned to the demo company, and a sale on a demo part for two
 * weeks. Answers how many things it made.
 */
export async function seedDemoPricing(db: Db): Promise<number> {
  const [existing] = await db
    .select({ id: priceLists.id })
    .from(priceLists)
    .where(eq(priceLists.name, DEMO_PRICE_LIST))
    .limit(1);
  if (existing) return 0;
  const demoParts = await db
    .select({ id: parts.id, partNumber: parts.partNumber, priceCents: parts.priceCents })
    .from(parts)
    .orderBy(parts.createdAt)
    .limit(3);
  const onSale = await db
    .select({ id: parts.id, priceCents: parts.priceCents })
    .from(parts)
    .where(inArray(parts.partNumber, DEMO_SALE_PARTS));
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [list] = await tx
      .insert(priceLists)
      .values({ name: DEMO_PRICE_LIST })
      .returning({ id: priceLists.id });
    const listId = list!.id;
    await tx.insert(priceListRules).values([
      { priceListId: listId, brand: null, category: null, percentOffBp: 1000 },
      { priceListId: listId, brand: 'Yamaha', category: null, percentOffBp: 1500 },
    ]);
    const fixed = demoParts.at(-1);
    if (fixed)
      await tx
        .insert(priceListPrices)
        .values({ priceListId: listId, partId: fixed.id, priceCents: Math.round(fixed.priceCents * 0.7) });
    await tx.update(companies).set({ priceListId: listId }).where(eq(companies.name, DEMO_COMPANY.name));
    const now = Date.now();
    for (const part of onSale) {
      await tx.insert(partSales).values({
        partId: part.id,
        salePriceCents: Math.round(part.priceCents * 0.8),
        startsAt: new Date(now - 60_000),
        endsAt: new Date(now + 14 * 24 * 3_600_000),
      });
    }
    return 1 + onSale.length;
  });
}
