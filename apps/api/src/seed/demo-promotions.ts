import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { promotions } from '../db/schema.js';

/**
 * The demo shop's discount codes (issue #30 item 6), for trying them in `npm start`: a welcome
 * code once per customer, an amount off brake pads over a minimum, and a brand's percent off with
 * a total limit. Added only when the shop has no codes.
 */
export const DEMO_PROMOTIONS = [
  { code: 'WELCOME10', kind: 'percent', percentOffBp: 1000, perCustomerLimit: 1 },
  {
    code: 'BRAKES5',
    kind: 'amount',
    amountOffCents: 500,
    categories: ['brake-pads'],
    minOrderCents: 3000,
  },
  { code: 'YAMAHA15', kind: 'percent', percentOffBp: 1500, brands: ['Yamaha'], totalLimit: 100 },
] satisfies (typeof promotions.$inferInsert)[];

export async function seedDemoPromotions(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(promotions);
  if ((row?.n ?? 0) > 0) return 0;
  const added = await db.insert(promotions).values(DEMO_PROMOTIONS).onConflictDoNothing().returning();
  return added.length;
}
