import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, payments } from '../../db/schema.js';
import { IntentCancelPayloadSchema } from '../../lib/payments/intent-cancels.js';
import type { PaymentProviderClient } from '../../lib/payments/provider.js';
import { queueLatePaymentRefund, refundLatePayment } from './late-payment-refund.js';

/**
 * The intent-cancel job (queued with the order's cancel, lib/payments/intent-cancels.ts): the
 * provider closes the intent and its row says `cancelled`. An intent paid before the cancel reached
 * the provider is refunded like any late payment (decision 021), without waiting for a webhook
 * that may never come (the sandbox has none).
 */
export async function cancelOpenIntent(
  db: Db,
  provider: PaymentProviderClient,
  payload: unknown,
): Promise<void> {
  const { paymentId } = IntentCancelPayloadSchema.parse(payload);
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  // Refunding or refunded already (a webhook or the customer's record came first), or cancelled
  // by an earlier run. A `succeeded` row is a card step that slipped in before the cancel reached
  // the provider: asked below, the provider says so, and it is refunded.
  if (!payment || payment.status === 'refunding' || payment.status === 'refunded') return;
  if (payment.status === 'cancelled') return;
  if (payment.provider !== provider.name) {
    // Retried until the shop takes cards through that provider again, or an admin steps in.
    throw new Error(`the intent was made by ${payment.provider}, but the shop now uses ${provider.name}`);
  }
  const outcome = await provider.cancelIntent(payment.intentId);
  if (outcome === 'cancelled') {
    await db
      .update(payments)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, ['requires_payment', 'failed'])));
    return;
  }
  const [order] = await db
    .select({ id: orders.id, paidAt: orders.paidAt, status: orders.status })
    .from(orders)
    .where(eq(orders.id, payment.orderId))
    .limit(1);
  // Only cancelled orders queue this job, and a cancelled order never turns paid: the guard is
  // for a row changed by hand.
  if (order?.status === 'cancelled' && order.paidAt === null) {
    await queueLatePaymentRefund(db, order, payment.intentId);
  }
}

/** Runs a job of the `refund` kind: an intent to close, or a late payment to give back. */
export async function runPaymentJob(
  db: Db,
  provider: PaymentProviderClient,
  publicUrl: string,
  payload: unknown,
): Promise<void> {
  if (IntentCancelPayloadSchema.safeParse(payload).success) return cancelOpenIntent(db, provider, payload);
  return refundLatePayment(db, provider, publicUrl, payload);
}
