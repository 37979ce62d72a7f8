import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companyMembers, orderApprovals, orders, parts, users } from '../db/schema.js';
import { ORDER_FORM_REFUSALS, placeTakenLines, takePart } from '../modules/checkout/service.js';
import { DEMO_COMPANY } from './demo-companies.js';

/**
 * Development only: one order of the demo company's buyer over their $500 limit, waiting for the
 * approver (approver@pitstop.com sees it at /company/approvals), placed through the order path
 * itself, with a PO number and its hold stretched to a week so it does not expire under a demo.
 * Nothing when the company already has an approval, or its buyer or a part is missing.
 */
export async function seedDemoApprovals(db: Db, publicUrl: string): Promise<number> {
  const [buyer] = await db
    .select({ id: users.id, email: users.email, name: users.name, companyId: companyMembers.companyId })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(users.email, 'buyer@pitstop.com'), eq(companyMembers.role, 'buyer')))
    .limit(1);
  if (!buyer) return 0;
  const [already] = await db
    .select({ id: orderApprovals.orderId })
    .from(orderApprovals)
    .where(eq(orderApprovals.companyId, buyer.companyId))
    .limit(1);
  if (already) return 0;
  // A part whose minimum order comes to more than the limit ($500) with stock to spare.
  const [part] = await db
    .select({ id: parts.id, priceCents: parts.priceCents, minquantity: parts.minquantity })
    .from(parts)
    .where(and(gte(parts.priceCents, 5_000), gte(parts.availablequantity, 20)))
    .orderBy(parts.partNumber)
    .limit(1);
  if (!part) return 0;
  const quantity = Math.max(part.minquantity, Math.ceil(60_000 / part.priceCents));
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const taken = await takePart(tx, part.id, quantity, []);
    const { order } = await placeTakenLines(
      tx,
      taken,
      {
        caller: { id: buyer.id, email: buyer.email, name: buyer.name, role: 'user', token: '' },
        name: buyer.name,
        num: DEMO_COMPANY.depot.phone,
        address: { ...DEMO_COMPANY.depot, line2: undefined },
        payment: 'account',
        refusals: ORDER_FORM_REFUSALS,
        poNumber: 'BC-PO-1001',
      },
      {},
      { holdMinutes: 7 * 24 * 60, publicUrl },
    );
    if (order.status !== 'awaiting_approval') {
      // Over no limit after all (a changed limit or price): the demo keeps the order as placed.
      return 0;
    }
    await tx
      .update(orders)
      .set({ expiresAt: sql`now() + interval '7 days'` })
      .where(eq(orders.id, order._id));
    return 1;
  });
}
