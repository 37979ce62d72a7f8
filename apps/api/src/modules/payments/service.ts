import { and, desc, eq, ne, notInArray, type WithSubquery } from 'drizzle-orm';
import { deliveryPromise, type DeliverySettings } from '@pitstop/core/delivery-promise';
import { orderTexts } from '@pitstop/core/messages';
import { centsToDollars } from '@pitstop/core/money';
import { formatOrderNumber } from '@pitstop/core/orders';
import type { PaymentInfo, SandboxCardInput } from '@pitstop/core/payments';
import type { SessionUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { orders, paymentEvents, payments, type OrderLineRow, type OrderRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { paymentsSucceeded } from '../../lib/metrics.js';
import type { PaymentProviderClient, VerifiedIntent } from '../../lib/payments/provider.js';
import { sandboxDecline } from '../../lib/payments/sandbox.js';
import { ensureCustomer, keepPaymentCard, keepSandboxCard } from '../cards/service.js';
import { orderEventWhen, SYSTEM, type OrderActor } from '../orders/events.js';
import { paidOrderMails } from '../orders/order-mails.js';
import { renderedMailJobsWhen } from '../jobs/queue.js';
import { linesOf, toOrderLine } from '../orders/service.js';
import { queueLatePaymentRefund } from './late-payment-refund.js';

/** What a card statement and Stripe's dashboard show: the part, or the first part and how many more. */
export function describeLines(lines: Pick<OrderLineRow, 'partName'>[]): string {
  const [first, ...rest] = lines;
  if (!first) return 'Pitstop Parts order';
  return rest.length === 0
    ? first.partName
    : `${first.partName} and ${rest.length} more ${rest.length === 1 ? 'part' : 'parts'}`;
}

const notFound = () => new AppError('not_found', orderTexts.notFound);

/** Why a cancelled order cannot be paid: its time ran out, or it was cancelled. */
const cancelledProblem = (order: Pick<OrderRow, 'cancelReason'>) =>
  new AppError('conflict', order.cancelReason === 'expired' ? orderTexts.expired : orderTexts.cancelled);

/**
 * Before any money moves (an intent, the sandbox's card step): only an unpaid order still inside
 * its deadline. One past it is refused even if the expiry job has not cancelled it yet.
 */
function assertPayable(order: OrderRow): void {
  if (order.status === 'cancelled') throw cancelledProblem(order);
  if (order.paymentMethod === 'account') throw new AppError('conflict', orderTexts.onAccountNoCard);
  if (order.status !== 'unpaid') throw new AppError('conflict', orderTexts.alreadyPaid);
  if (order.expiresAt && order.expiresAt.getTime() <= Date.now()) {
    throw new AppError('conflict', orderTexts.expired);
  }
}

/** The caller's own order; anyone else's is answered as not found. */
async function ownOrder(db: Db, caller: SessionUser, orderId: string): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order || order.userId !== caller.id) throw notFound();
  return order;
}

export async function paymentInfo(
  db: Db,
  caller: SessionUser,
  orderId: string,
  provider: PaymentProviderClient,
  publishableKey: string | null,
): Promise<PaymentInfo> {
  const order = await ownOrder(db, caller, orderId);
  const lines = (await linesOf(db, [order.id])).get(order.id) ?? [];
  return {
    orderId: order.id,
    orderNumber: order.number === null ? '' : formatOrderNumber(order.number),
    name: lines[0]?.partName ?? '',
    price: centsToDollars(order.totalCents),
    quantity: lines[0]?.quantity ?? 0,
    lines: lines.map(toOrderLine),
    subtotal: centsToDollars(order.subtotalCents),
    discount: centsToDollars(order.discountCents),
    discountCode: order.discountCode,
    tax: centsToDollars(order.taxCents),
    paid: order.paidAt !== null,
    transactionId: order.transactionId,
    address: order.deliveryAddress ?? null,
    status: order.status,
    expiresAt: order.status === 'unpaid' && order.expiresAt ? order.expiresAt.toISOString() : null,
    promisedOn: order.promisedOn ?? null,
    provider: provider.name,
    publishableKey,
  };
}

/**
 * An intent for the order's own amount; asking again reuses the open one. `saveCard` (Stripe):
 * the intent is made for the caller's provider customer to keep the card off-session, and the
 * card is kept once the payment is confirmed; ticking it later makes another intent (the sandbox
 * saves at its card step instead).
 */
export async function createIntent(
  db: Db,
  caller: SessionUser,
  orderId: string,
  provider: PaymentProviderClient,
  saveCard = false,
): Promise<{ clientSecret: string }> {
  const order = await ownOrder(db, caller, orderId);
  assertPayable(order);
  const save = saveCard && provider.name === 'stripe';
  const [open] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.provider, provider.name),
        eq(payments.amountCents, order.totalCents),
        eq(payments.saveCard, save),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (open && open.status !== 'failed') return { clientSecret: open.clientSecret };
  const lines = (await linesOf(db, [order.id])).get(order.id) ?? [];
  const intent = await provider.createIntent({
    orderId: order.id,
    amountCents: order.totalCents,
    currency: 'usd',
    description: describeLines(lines),
    ...(save ? { saveForCustomer: await ensureCustomer(db, provider, caller) } : {}),
  });
  await db
    .insert(payments)
    .values({
      orderId: order.id,
      provider: provider.name,
      intentId: intent.intentId,
      clientSecret: intent.clientSecret,
      amountCents: order.totalCents,
      saveCard: save,
    })
    .onConflictDoNothing();
  return { clientSecret: intent.clientSecret };
}

/**
 * The sandbox's card step. The number decides the outcome as Stripe's test cards do; the number
 * itself is neither stored nor logged — only the intent's status changes, and with "Save this
 * card" ticked its brand, last four and expiry are kept for the order's owner (keepSandboxCard).
 */
export async function confirmSandboxCard(
  db: Db,
  caller: SessionUser,
  card: SandboxCardInput,
  provider: PaymentProviderClient,
): Promise<{ status: 'succeeded'; transactionId: string }> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.clientSecret, card.clientSecret))
    .limit(1);
  if (!payment || payment.provider !== 'sandbox')
    throw new AppError('not_found', 'This payment was not found.');
  assertPayable(await ownOrder(db, caller, payment.orderId));
  const declined = sandboxDecline(card.number);
  if (declined) throw new AppError('payment_failed', declined, [{ field: 'number', message: declined }]);
  // A cancelled intent cannot be paid, as at Stripe: the order was cancelled after the check above.
  const [charged] = await db
    .update(payments)
    .set({ status: 'succeeded', updatedAt: new Date() })
    .where(and(eq(payments.id, payment.id), ne(payments.status, 'cancelled')))
    .returning({ id: payments.id });
  if (!charged) throw new AppError('conflict', orderTexts.cancelled);
  if (card.saveCard) await keepSandboxCard(db, provider, caller, card);
  return { status: 'succeeded', transactionId: payment.intentId };
}

function matches(intent: VerifiedIntent | undefined, order: OrderRow): boolean {
  return (
    intent !== undefined &&
    intent.succeeded &&
    intent.amountCents === order.totalCents &&
    intent.currency.toLowerCase() === 'usd' &&
    intent.orderId === order.id
  );
}

/** The provider confirmed the payment: its row says so, unless a refund of it has begun. */
async function markPaymentSucceeded(db: Db, intentId: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'succeeded', updatedAt: new Date() })
    .where(and(eq(payments.intentId, intentId), notInArray(payments.status, ['refunding', 'refunded'])));
}

/**
 * What marking an order paid needs of the shop: its address (the receipt's link) and the delivery
 * settings as they are now (in memory, read before the transaction), to move the promised date
 * when the payment came after the cut-off the order was promised by.
 */
export interface PaidTerms {
  publicUrl: string;
  deliverySettings?: DeliverySettings | null;
}

/**
 * The date to promise now for an order paid late: the shop ships paid orders, so one paid after
 * the cut-off its promise counted on arrives later. Never earlier than the date promised, and
 * nothing for an order that promised nothing (a part not in stock, no settings then).
 */
function promiseWhenPaid(
  order: Pick<OrderRow, 'promisedOn' | 'deliveryAddress'>,
  settings: DeliverySettings | null | undefined,
): string | undefined {
  if (!settings || !order.promisedOn || !order.deliveryAddress) return undefined;
  const now = deliveryPromise({
    now: new Date(),
    settings,
    state: order.deliveryAddress.state,
    inStock: true,
  });
  return now && now.arrivesOn > order.promisedOn ? now.arrivesOn : undefined;
}

/**
 * Marks an order paid (forward only) once its transaction checks out, in the caller's transaction,
 * with what follows from it in the same commit: the payment's row says succeeded, the timeline
 * gets its 'paid' line, and the receipt and the shop's new-order notice are queued (the caller
 * wakes the job runner after the commit). Answers 0 when the order was no longer unpaid.
 */
async function markPaid(
  tx: Db,
  order: PaidOrder,
  transactionId: string,
  by: OrderActor | null,
  terms: PaidTerms,
): Promise<number> {
  await markPaymentSucceeded(tx, transactionId);
  return markOrderPaid(tx, order, transactionId, by, terms);
}

type PaidOrder = Pick<OrderRow, 'id' | 'promisedOn' | 'deliveryAddress'>;

/**
 * A card order a discount code made free (total $0, issue #30): there is nothing to charge, and a
 * provider refuses a $0 charge, so it is paid as it is placed, in its own transaction.
 */
export async function markFreeOrderPaid(
  tx: Db,
  order: PaidOrder,
  by: OrderActor | null,
  terms: PaidTerms,
): Promise<number> {
  return markOrderPaid(tx, order, `free-${order.id}`, by, terms);
}

/**
 * markPaid's steps after the payment's row says succeeded (a 1-Click charge writes it so): the
 * order marked paid (only while unpaid), its timeline's line and its mails (the receipt and the
 * shop's notice), as the CTEs of one statement, with `alongside` (writes of the same step). The
 * line and the mails are written only when the order changed. Answers how many orders changed.
 */
async function markOrderPaid(
  tx: Db,
  order: PaidOrder,
  transactionId: string,
  by: OrderActor | null,
  terms: PaidTerms,
  alongside: WithSubquery[] = [],
): Promise<number> {
  const later = promiseWhenPaid(order, terms.deliverySettings);
  const paidNow = tx.$with('paid_now').as(
    tx
      .update(orders)
      .set({
        status: 'paid',
        paidAt: new Date(),
        transactionId,
        updatedAt: new Date(),
        ...(later ? { promisedOn: later } : {}),
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'unpaid')))
      .returning({ id: orders.id }),
  );
  const moved = later ? `; paid after the cut-off, it now arrives by ${later}` : '';
  const detail = `Card payment ${transactionId}${moved}`;
  const changed = await tx
    .with(
      ...alongside,
      paidNow,
      orderEventWhen(tx, 'paid_event', order.id, 'paid', by, detail, 'paid_now'),
      renderedMailJobsWhen(tx, 'paid_mails', paidOrderMails(order.id, terms.publicUrl), 'paid_now'),
    )
    .select({ id: paidNow.id })
    .from(paidNow);
  return changed.length;
}

/** PATCH /payment/{id}: the spec's "payment record" step, trusted only after the provider confirms. */
export async function confirmPayment(
  db: Db,
  caller: SessionUser,
  orderId: string,
  transactionId: string,
  provider: PaymentProviderClient,
  /** The shop's address (the receipt's link) and delivery settings (a late payment's promise). */
  terms: PaidTerms,
  /** Called after mails or a late payment's refund were queued (wakes the job runner). */
  onQueued: () => void = () => undefined,
): Promise<{ modifiedCount: number }> {
  const order = await ownOrder(db, caller, orderId);
  if (order.status === 'cancelled') {
    // The money may have been taken anyway (paid in the last seconds, or an intent left open).
    const intent = await provider.retrieve(transactionId);
    if (matches(intent, order)) throw await refundLate(db, order, transactionId, onQueued);
    throw cancelledProblem(order);
  }
  if (order.status !== 'unpaid') {
    if (order.transactionId === transactionId) return { modifiedCount: 0 };
    throw new AppError('conflict', orderTexts.alreadyPaid);
  }
  // No deadline check here: the provider has already taken the money, and an order the expiry job
  // has not cancelled still holds its stock, so it is honoured. Once cancelled it is refunded.
  const intent = await provider.retrieve(transactionId);
  if (!matches(intent, order)) {
    throw new AppError('payment_failed', 'We could not confirm this payment. No order was marked paid.');
  }
  const modifiedCount = await db.transaction((tx) =>
    markPaid(tx as unknown as Db, order, transactionId, caller, terms),
  );
  if (modifiedCount === 0) {
    // Cancelled (by the customer or the expiry job) between the read above and now.
    const [now] = await db.select().from(orders).where(eq(orders.id, order.id)).limit(1);
    if (now?.status === 'cancelled') throw await refundLate(db, now, transactionId, onQueued);
  } else {
    paymentsSucceeded.inc();
    onQueued();
  }
  await keepCardIfAsked(db, provider, order.userId, transactionId, intent);
  return { modifiedCount };
}

/**
 * A confirmed payment made with "Save this card" ticked: its card is kept for the order's owner
 * (once, whichever of the confirmation and the webhook comes first). A failure here is logged by
 * the caller's error path only if it throws before the answer; the payment itself stands.
 */
async function keepCardIfAsked(
  db: Db,
  provider: PaymentProviderClient,
  userId: string | null,
  intentId: string,
  intent: VerifiedIntent | undefined,
): Promise<void> {
  if (!intent?.paymentMethodId || !userId) return;
  const [payment] = await db
    .select({ saveCard: payments.saveCard })
    .from(payments)
    .where(eq(payments.intentId, intentId))
    .limit(1);
  if (payment?.saveCard) await keepPaymentCard(db, provider, userId, intent);
}

/** Queues the refund of a payment that came through for a cancelled order; the problem to answer. */
async function refundLate(
  db: Db,
  order: OrderRow,
  intentId: string,
  onQueued: () => void,
): Promise<AppError> {
  const refund = await queueLatePaymentRefund(db, order, intentId);
  if (refund === 'queued') onQueued();
  if (refund === 'none') return cancelledProblem(order);
  return new AppError('conflict', orderTexts.paidAfterCancel(order.cancelReason === 'expired'));
}

/**
 * A 1-Click order's off-session charge, as the provider answered it: its payment row, and when it
 * succeeded the order marked paid through the confirmation's own step (markPaid: timeline,
 * receipt and the shop's notice), in one transaction. A charge waiting for the customer (3-D
 * Secure) is written `requires_payment`: the payment page finishes that same intent, which carries
 * the saved card (a cancel closes it). A declined one is written `failed`. Answers whether the
 * order is paid now; an order cancelled before the money came gets its refund queued and the
 * cancel's problem thrown.
 */
export async function recordOffSessionCharge(
  db: Db,
  order: PaidOrder & Pick<OrderRow, 'totalCents'>,
  charge: { intentId: string; clientSecret: string; status: 'succeeded' | 'requires_payment' | 'failed' },
  provider: PaymentProviderClient,
  by: OrderActor,
  terms: PaidTerms,
  onQueued: () => void,
): Promise<boolean> {
  const written = db
    .insert(payments)
    .values({
      orderId: order.id,
      provider: provider.name,
      intentId: charge.intentId,
      clientSecret: charge.clientSecret,
      amountCents: order.totalCents,
      // Succeeded as written: Stripe's webhook may have marked the order paid before this row.
      status: charge.status,
    })
    .onConflictDoNothing({ target: payments.intentId });
  if (charge.status !== 'succeeded') {
    await written;
    return false;
  }
  // The payment's row and the order marked paid in one statement (atomic without a transaction:
  // three round trips fewer on every 1-Click).
  const paymentRow = db.$with('payment_row').as(written.returning({ id: payments.id }));
  const marked = await markOrderPaid(db, order, charge.intentId, by, terms, [paymentRow]);
  if (marked > 0) {
    paymentsSucceeded.inc();
    onQueued();
    return true;
  }
  // Paid by a retry of the same click at the same moment, or cancelled meanwhile.
  const [now] = await db.select().from(orders).where(eq(orders.id, order.id)).limit(1);
  if (now?.status === 'cancelled') throw await refundLate(db, now, charge.intentId, onQueued);
  return now !== undefined && now.paidAt !== null;
}

/**
 * A provider event (Stripe's payment_intent.succeeded): recorded by event id in the same
 * transaction as the state change, so a redelivery changes nothing.
 */
export async function applySucceededEvent(
  db: Db,
  eventId: string,
  intentId: string,
  provider: PaymentProviderClient,
  /** The shop's address (the receipt's link) and delivery settings (a late payment's promise). */
  terms: PaidTerms,
  /** Called after mails or a late payment's refund were queued (wakes the job runner). */
  onQueued: () => void = () => undefined,
): Promise<'applied' | 'duplicate' | 'ignored' | 'refunding'> {
  const { outcome, orderId, queued, paid } = await db.transaction(async (tx) => {
    const recorded = await tx.insert(paymentEvents).values({ eventId }).onConflictDoNothing().returning();
    if (recorded.length === 0) return { outcome: 'duplicate' as const };
    const intent = await provider.retrieve(intentId);
    const [order] = intent?.orderId
      ? await tx.select().from(orders).where(eq(orders.id, intent.orderId)).limit(1)
      : [];
    if (!order || !matches(intent, order)) return { outcome: 'ignored' as const };
    if (order.status === 'cancelled') return { outcome: 'late' as const, orderId: order.id };
    // The provider's word comes without a customer: the shop records it.
    const marked = await markPaid(tx as unknown as Db, order, intentId, SYSTEM, terms);
    // Unpaid when read, but cancelled before the update (the expiry job does not wait for us).
    const late = marked === 0 && order.status === 'unpaid';
    return {
      outcome: late ? ('late' as const) : ('applied' as const),
      orderId: order.id,
      queued: marked > 0,
      paid: { userId: order.userId, intent },
    };
  });
  if (queued) {
    paymentsSucceeded.inc();
    onQueued();
  }
  if (paid) await keepCardIfAsked(db, provider, paid.userId, intentId, paid.intent);
  if (outcome !== 'late') return outcome;
  // Not marked paid: cancelled meanwhile, or paid by the customer's own confirmation at the same
  // moment. Only money for a cancelled order goes back.
  const [now] = await db
    .select({ id: orders.id, status: orders.status, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (now?.status !== 'cancelled') return 'applied';
  const refund = await queueLatePaymentRefund(db, now, intentId);
  if (refund === 'queued') onQueued();
  return refund === 'none' ? 'ignored' : 'refunding';
}

/**
 * The refund step of an admin's cancel, inside the cancel's transaction: the order's succeeded
 * payment goes back through the provider that took it, and its row is marked refunded. Any refusal
 * becomes one problem naming the reason, and (thrown) rolls the whole cancel back.
 */
export async function refundOrderPayment(
  tx: Db,
  provider: PaymentProviderClient,
  order: Pick<OrderRow, 'id' | 'transactionId' | 'totalCents'>,
): Promise<{ refundId: string }> {
  const [payment] = order.transactionId
    ? await tx.select().from(payments).where(eq(payments.intentId, order.transactionId)).limit(1)
    : [];
  if (!payment || payment.orderId !== order.id) {
    throw new AppError('payment_failed', orderTexts.refundFailed('the payment of this order was not found.'));
  }
  if (payment.provider !== provider.name)
    throw new AppError('unavailable', orderTexts.refundProviderMismatch);
  let refundId: string;
  try {
    ({ refundId } = await provider.refund({
      orderId: order.id,
      intentId: payment.intentId,
      amountCents: payment.amountCents,
    }));
  } catch (err) {
    const reason = err instanceof Error && err.message ? err.message : 'the provider did not answer.';
    throw new AppError(
      'payment_failed',
      orderTexts.refundFailed(reason.endsWith('.') ? reason : `${reason}.`),
    );
  }
  await tx
    .update(payments)
    .set({ status: 'refunded', updatedAt: new Date() })
    .where(eq(payments.id, payment.id));
  return { refundId };
}

/**
 * A part of an order's card payment back through the provider that took it (a return's refund),
 * inside the caller's transaction, under the caller's idempotency key. A refusal becomes one 402
 * problem, worded by `failed`, and (thrown) rolls the caller's transaction back. The payment row
 * turns `refunded` once the order's whole amount has gone back (`settles`), and stays `succeeded`
 * after a partial refund, as Stripe's intent does.
 */
export async function refundPartOfPayment(
  tx: Db,
  provider: PaymentProviderClient,
  order: Pick<OrderRow, 'id' | 'transactionId'>,
  part: { amountCents: number; idempotencyKey: string; settles: boolean },
  failed: (reason: string) => string,
): Promise<{ refundId: string }> {
  const [payment] = order.transactionId
    ? await tx.select().from(payments).where(eq(payments.intentId, order.transactionId)).limit(1)
    : [];
  if (!payment || payment.orderId !== order.id) {
    throw new AppError('payment_failed', failed('the payment of this order was not found.'));
  }
  if (payment.provider !== provider.name)
    throw new AppError('unavailable', orderTexts.refundProviderMismatch);
  let refundId: string;
  try {
    ({ refundId } = await provider.refund({
      orderId: order.id,
      intentId: payment.intentId,
      amountCents: part.amountCents,
      idempotencyKey: part.idempotencyKey,
    }));
  } catch (err) {
    const reason = err instanceof Error && err.message ? err.message : 'the provider did not answer.';
    throw new AppError('payment_failed', failed(reason.endsWith('.') ? reason : `${reason}.`));
  }
  if (part.settles) {
    await tx
      .update(payments)
      .set({ status: 'refunded', updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
  }
  return { refundId };
}
