import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { formatDollars, centsToDollars } from '@pitstop/core/money';
import type { Db } from '../../db/client.js';
import { jobs, orders, payments, type OrderRow } from '../../db/schema.js';
import type { Mail } from '../../lib/mail.js';
import type { PaymentProviderClient } from '../../lib/payments/provider.js';
import { enqueueMail } from '../jobs/queue.js';

/**
 * A card payment that came through for an order already cancelled: the customer paid at the last
 * moment while the expiry job (or the customer, in another tab) cancelled the order, or paid an
 * intent left open after the deadline. The parts are back on sale, so the money goes back: a
 * stored refund job, retried until the provider takes it, then a mail to the customer.
 */

export const RefundPayloadSchema = z.object({ paymentId: z.string().uuid() });

/**
 * Queues the refund of the order's payment with this intent, once: the payment row moves to
 * `refunding` in the same transaction as the job, so a second confirmation or a redelivered
 * webhook queues nothing more. Answers `queued` (this call queued it), `earlier` (an earlier call
 * did: the refund is under way or done) or `none` (no such payment, or one an admin refunded
 * when cancelling a paid order).
 */
export async function queueLatePaymentRefund(
  db: Db,
  order: Pick<OrderRow, 'id' | 'paidAt'>,
  intentId: string,
): Promise<'queued' | 'earlier' | 'none'> {
  return db.transaction(async (tx) => {
    const mine = and(eq(payments.intentId, intentId), eq(payments.orderId, order.id));
    const [moved] = await tx
      .update(payments)
      .set({ status: 'refunding', updatedAt: new Date() })
      .where(and(mine, inArray(payments.status, ['requires_payment', 'succeeded'])))
      .returning({ id: payments.id });
    if (moved) {
      await tx.insert(jobs).values({ kind: 'refund', payload: { paymentId: moved.id } });
      return 'queued';
    }
    const [payment] = await tx.select({ status: payments.status }).from(payments).where(mine).limit(1);
    const late = payment?.status === 'refunding' || (payment?.status === 'refunded' && order.paidAt === null);
    return late ? 'earlier' : 'none';
  });
}

function latePaymentRefundMail(order: OrderRow, amountCents: number, publicUrl: string): Mail {
  const amount = formatDollars(centsToDollars(amountCents));
  const why =
    order.cancelReason === 'expired'
      ? 'the time to pay for it had run out and its parts had gone back on sale'
      : 'it had already been cancelled';
  const text = [
    `Hello ${order.deliveryAddress?.name ?? order.name},`,
    '',
    `Your payment of ${amount} for Pitstop Parts order ${order.id} came through after ${why}.`,
    '',
    `We have refunded ${amount} to the card you paid with. Depending on your bank it shows on your statement within 5–10 business days.`,
    '',
    `Still need the parts? Order them again: ${publicUrl}/parts`,
    '',
    'Pitstop Parts',
    '',
  ].join('\n');
  return { to: order.email, subject: 'Your Pitstop Parts payment was refunded', text };
}

/**
 * The refund job: gives the payment back through the provider that took it (its idempotency key
 * is the order, so a retry after a lost answer refunds nothing more), then marks the payment and
 * the order refunded and queues the customer's mail, in one transaction.
 */
export async function refundLatePayment(
  db: Db,
  provider: PaymentProviderClient,
  publicUrl: string,
  payload: unknown,
): Promise<void> {
  const { paymentId } = RefundPayloadSchema.parse(payload);
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!payment || payment.status !== 'refunding') return;
  if (payment.provider !== provider.name) {
    // Retried until the shop takes cards through that provider again, or an admin steps in.
    throw new Error(`the payment was taken by ${payment.provider}, but the shop now uses ${provider.name}`);
  }
  const { refundId } = await provider.refund({
    orderId: payment.orderId,
    intentId: payment.intentId,
    amountCents: payment.amountCents,
  });
  await db.transaction(async (tx) => {
    const done = await tx
      .update(payments)
      .set({ status: 'refunded', updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'refunding')))
      .returning({ id: payments.id });
    if (done.length === 0) return;
    // The payment's move to `refunded` above happens once, so this runs once per refund.
    const [order] = await tx
      .update(orders)
      .set({ refundedAt: new Date(), refundId, updatedAt: new Date() })
      .where(eq(orders.id, payment.orderId))
      .returning();
    if (order)
      await enqueueMail(tx as unknown as Db, latePaymentRefundMail(order, payment.amountCents, publicUrl));
  });
}
