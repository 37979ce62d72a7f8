import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderApprovals } from '../../db/schema.js';

/**
 * The expiry job's part for orders that waited for an approver until their hold ran out: their
 * approvals turn 'expired' (in the job's transaction, with the cancel). Answers those orders.
 */
export async function expireApprovals(tx: Db, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const expired = await tx
    .update(orderApprovals)
    .set({ status: 'expired', decidedAt: new Date(), updatedAt: new Date() })
    .where(and(inArray(orderApprovals.orderId, orderIds), eq(orderApprovals.status, 'pending')))
    .returning({ orderId: orderApprovals.orderId });
  return new Set(expired.map((e) => e.orderId));
}
