import { and, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { jobs, payments } from '../../db/schema.js';

/**
 * The job that closes an unpaid order's open intents at the provider, so nobody can pay an order
 * that was cancelled (decision 027, Leftovers). It rides on the `refund` job kind — the money
 * jobs of the payments module — because a new kind would need a migration of the kinds' CHECK;
 * the payload's `action` tells it from a late payment's refund (`{ paymentId }` alone).
 */
export const IntentCancelPayloadSchema = z.object({
  action: z.literal('cancel-intent'),
  paymentId: z.string().uuid(),
});

/**
 * Queues, in the caller's transaction (the cancel, delete or expiry of these orders), one job per
 * intent of theirs that could still be paid: a crash after the commit loses no cancel, and a
 * cancel that rolls back queues none; nothing when the orders had no open intent.
 */
export async function queueIntentCancels(tx: Db, orderIds: string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const open = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(inArray(payments.orderId, orderIds), inArray(payments.status, ['requires_payment', 'failed'])),
    );
  if (open.length === 0) return 0;
  await tx.insert(jobs).values(
    open.map(({ id }) => ({
      kind: 'refund' as const,
      payload: { action: 'cancel-intent', paymentId: id } satisfies z.infer<typeof IntentCancelPayloadSchema>,
    })),
  );
  return open.length;
}
