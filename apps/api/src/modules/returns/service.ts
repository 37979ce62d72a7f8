import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { orderTexts } from '@pitstop/core/messages';
import { centsToDollars, formatDollars } from '@pitstop/core/money';
import { formatReturnLabel, type Return } from '@pitstop/core/order-detail';
import { formatOrderNumber } from '@pitstop/core/orders';
import { RETURN_REASON_LABELS } from '@pitstop/core/return-policy';
import {
  returnTexts,
  type CreateReturn,
  type ReturnQueueItem,
  type ReturnsQuery,
} from '@pitstop/core/returns';
import type { Db } from '../../db/client.js';
import {
  orderLines,
  orders,
  refunds,
  returnLines,
  returns,
  shipmentLines,
  shipments,
  type OrderLineRow,
  type OrderRow,
  type ReturnRow,
} from '../../db/schema.js';
import { AppError, type FieldError } from '../../lib/errors.js';
import { recordAudit, type AuditContext } from '../audit/service.js';
import type { PaymentProviderClient } from '../../lib/payments/provider.js';
import { enqueueMail } from '../jobs/queue.js';
import { recordOrderEvent, type OrderActor } from '../orders/events.js';
import { returnStock } from '../orders/service.js';
import { refundPartOfPayment } from '../payments/service.js';
import { isStoredUpload } from '../uploads/stored-upload.js';
import type { UploadStore } from '../uploads/store.js';
import { adminEmails } from '../users/service.js';
import {
  returnApprovedMail,
  returnDeclinedMail,
  returnRefundedMail,
  returnRequestedMail,
  returnShopNotice,
  type ReturnMailFacts,
} from './mails.js';

/*
 * Returns (docs/decisions/026): a customer asks to send delivered units back; an admin approves
 * (instructions mailed) or declines (reason mailed); when the parcel arrives the admin marks it
 * received, restocked or not, and the same transaction refunds those lines and their share of the
 * tax: to the card through the provider as a partial refund, or as credit on an order on account.
 * Every step locks the rows it decides on, guards on the status it expects, writes the order's
 * timeline and queues its mail in its own transaction, so a step happens once and is told once.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the returns steps need from the configuration. */
export interface ReturnTerms {
  /** RETURN_WINDOW_DAYS. */
  windowDays: number;
  /** RETURN_ADDRESS: where the parts go, printed in the approval mail. */
  returnAddress: string;
  /** The shop's address, for the mails' links to the order page. */
  publicUrl: string;
  /** ORDER_NOTIFY_EMAILS; empty: the shop's notice goes to every admin. */
  notifyEmails: string[];
}

/** "March 3, 2027": the day a window ends, as the customer's order page names it (UTC). */
const longDate = (d: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(d);

/** A return's units with the names and prices of their order lines. */
interface ReturnedUnits {
  returnId: string;
  line: OrderLineRow;
  quantity: number;
}

async function unitsOfReturns(db: Db, returnIds: string[]): Promise<ReturnedUnits[]> {
  if (returnIds.length === 0) return [];
  const rows = await db
    .select({ returnId: returnLines.returnId, quantity: returnLines.quantity, line: orderLines })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(inArray(returnLines.returnId, returnIds))
    .orderBy(asc(orderLines.position));
  return rows;
}

const subtotalOf = (units: ReturnedUnits[]) =>
  units.reduce((sum, u) => sum + u.line.unitPriceCents * u.quantity, 0);

/**
 * The returned lines' share of the order's tax, in proportion to their price, and never more
 * than the tax not yet given back (earlier returns rounded up may have taken a cent of it).
 */
export function taxShareCents(
  order: Pick<OrderRow, 'taxCents' | 'subtotalCents'>,
  returnedSubtotalCents: number,
  taxRefundedCents: number,
): number {
  if (order.subtotalCents <= 0 || order.taxCents <= 0) return 0;
  const share = Math.round((order.taxCents * returnedSubtotalCents) / order.subtotalCents);
  return Math.max(0, Math.min(share, order.taxCents - taxRefundedCents));
}

function toReturn(
  row: ReturnRow,
  orderNumber: string,
  units: ReturnedUnits[],
  estimate: { amountCents: number; taxCents: number } | null,
): Return {
  // Once refunded, the amounts given; before, what the refund will be (none for a declined one).
  const refundCents = row.refundCents ?? estimate?.amountCents ?? null;
  const refundTaxCents = row.refundTaxCents ?? estimate?.taxCents ?? null;
  return {
    id: row.id,
    label: formatReturnLabel(orderNumber, row.position),
    orderNumber,
    status: row.status,
    reason: row.reason,
    note: row.note,
    photos: row.photos,
    declineReason: row.declineReason,
    restocked: row.restocked,
    refund: refundCents === null ? null : centsToDollars(refundCents),
    refundTax: refundTaxCents === null ? null : centsToDollars(refundTaxCents),
    lines: units
      .filter((u) => u.returnId === row.id)
      .map((u) => ({
        lineId: u.line.id,
        name: u.line.partName,
        partNumber: u.line.partNumber,
        quantity: u.quantity,
      })),
    requestedAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    receivedAt: iso(row.receivedAt),
    refundedAt: iso(row.refundedAt),
  };
}

/** Tax already given back on these orders (cancel refunds and earlier returns), by order. */
async function taxRefunded(db: Db, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: refunds.orderId, cents: sql<number>`coalesce(sum(${refunds.taxCents}), 0)::int` })
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .groupBy(refunds.orderId);
  return new Map(rows.map((r) => [r.orderId, r.cents]));
}

/** What a return not yet refunded will give back, as things stand. */
function estimateOf(
  row: ReturnRow,
  order: Pick<OrderRow, 'taxCents' | 'subtotalCents'>,
  units: ReturnedUnits[],
  taxAlreadyRefunded: number,
): { amountCents: number; taxCents: number } | null {
  if (row.status === 'declined' || row.refundCents !== null) return null;
  const subtotal = subtotalOf(units.filter((u) => u.returnId === row.id));
  const tax = taxShareCents(order, subtotal, taxAlreadyRefunded);
  return { amountCents: subtotal + tax, taxCents: tax };
}

/**
 * The photos must be addresses our upload store produced (POST /api/uploads), and stored: a
 * customer cannot make the shop show any address they like. Checked before the transaction (the
 * store may be a remote one); a stored upload is never deleted, so the check stays true.
 */
async function checkPhotos(store: UploadStore, photos: string[]): Promise<void> {
  const errors: FieldError[] = [];
  await Promise.all(
    photos.map(async (url, i) => {
      if (!url.startsWith('/uploads/') || !(await isStoredUpload(store, url))) {
        errors.push({ field: `photos.${i}`, message: returnTexts.photoNotUploaded });
      }
    }),
  );
  if (errors.length > 0) {
    errors.sort((a, b) => a.field.localeCompare(b.field));
    throw new AppError('invalid', errors[0]?.message ?? returnTexts.photoNotUploaded, errors);
  }
}

/**
 * Units of each of the order's lines that may still be sent back: what left in shipments, less
 * what earlier returns that were not declined already cover.
 */
async function returnableUnits(tx: Db, orderId: string): Promise<Map<string, number>> {
  const [shipped, returned] = await Promise.all([
    tx
      .select({ lineId: shipmentLines.orderLineId, units: sql<number>`sum(${shipmentLines.quantity})::int` })
      .from(shipmentLines)
      .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
      .where(eq(shipments.orderId, orderId))
      .groupBy(shipmentLines.orderLineId),
    tx
      .select({ lineId: returnLines.orderLineId, units: sql<number>`sum(${returnLines.quantity})::int` })
      .from(returnLines)
      .innerJoin(returns, eq(returns.id, returnLines.returnId))
      .where(and(eq(returns.orderId, orderId), ne(returns.status, 'declined')))
      .groupBy(returnLines.orderLineId),
  ]);
  const left = new Map(shipped.map((s) => [s.lineId, s.units]));
  for (const r of returned) left.set(r.lineId, (left.get(r.lineId) ?? 0) - r.units);
  return left;
}

/** Every wrong line of a request, named by its place in the request, in one 400. */
function checkLines(input: CreateReturn, orderLineIds: Set<string>, left: Map<string, number>): void {
  const errors: FieldError[] = [];
  input.lines.forEach((line, i) => {
    if (!orderLineIds.has(line.lineId)) {
      errors.push({ field: `lines.${i}.lineId`, message: returnTexts.lineUnknown });
      return;
    }
    const max = Math.max(0, left.get(line.lineId) ?? 0);
    if (line.quantity > max) {
      errors.push({ field: `lines.${i}.quantity`, message: returnTexts.quantityOverReturnable(max) });
    }
  });
  if (errors.length > 0)
    throw new AppError('invalid', errors[0]?.message ?? returnTexts.linesRequired, errors);
}

/** The shop's notices go to ORDER_NOTIFY_EMAILS, or else to every admin. */
async function shopRecipients(tx: Db, terms: ReturnTerms): Promise<string[]> {
  return terms.notifyEmails.length > 0 ? terms.notifyEmails : adminEmails(tx);
}

/**
 * A customer asks to return units of their own delivered order. One transaction: lock the order
 * row (so two requests at once cannot both claim the last unit) → check it is delivered and
 * inside the window → check every line against what is left to return → write the return (next
 * position in the order) and its lines → the timeline → the customer's and the shop's mails.
 * Someone else's order, a deleted one or an unknown number: 404 alike.
 */
export async function requestReturn(
  db: Db,
  caller: OrderActor,
  orderNumber: number,
  input: CreateReturn,
  deps: { terms: ReturnTerms; uploads: UploadStore; now?: Date },
): Promise<Return> {
  await checkPhotos(deps.uploads, input.photos);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Step 1: the order, locked against other requests, shipments and cancels.
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.number, orderNumber))
      .limit(1)
      .for('update');
    if (!order || order.userId !== caller.id || order.deletedAt) {
      throw new AppError('not_found', orderTexts.notFound);
    }
    // Step 2: delivered, and not too long ago.
    if (order.status !== 'delivered' || !order.deliveredAt) {
      throw new AppError('conflict', returnTexts.notDelivered(order.status.replace('_', ' ')));
    }
    const lastDay = new Date(order.deliveredAt.getTime() + deps.terms.windowDays * DAY_MS);
    if ((deps.now ?? new Date()) > lastDay) {
      throw new AppError('conflict', returnTexts.windowClosed(longDate(lastDay)));
    }
    // Step 3: each line is this order's, and no more than shipped less already returned.
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    checkLines(input, new Set(lines.map((l) => l.id)), await returnableUnits(tx, order.id));

    // Step 4: the return, numbered after the order's others (the order's lock makes it safe).
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${returns.position}), 0)::int` })
      .from(returns)
      .where(eq(returns.orderId, order.id));
    const [row] = await tx
      .insert(returns)
      .values({
        orderId: order.id,
        position: (last?.position ?? 0) + 1,
        reason: input.reason,
        note: input.note,
        photos: input.photos,
        requestedBy: caller.id,
      })
      .returning();
    if (!row) throw new Error('the return was not written');
    await tx
      .insert(returnLines)
      .values(input.lines.map((l) => ({ returnId: row.id, orderLineId: l.lineId, quantity: l.quantity })));

    // Step 5: the timeline and the mails, with what the refund will be.
    const units = await unitsOfReturns(tx, [row.id]);
    const taxDone = (await taxRefunded(tx, [order.id])).get(order.id) ?? 0;
    const number = formatOrderNumber(orderNumber);
    const created = toReturn(row, number, units, estimateOf(row, order, units, taxDone));
    await recordOrderEvent(
      tx,
      order.id,
      'return_requested',
      caller,
      `${created.label}: ${describeUnits(created)} (${RETURN_REASON_LABELS[input.reason]})`,
    );
    const facts = mailFacts(order, created, deps.terms);
    await enqueueMail(tx, returnRequestedMail(facts));
    for (const to of await shopRecipients(tx, deps.terms)) {
      await enqueueMail(tx, returnShopNotice(facts, to));
    }
    return created;
  });
}

const describeUnits = (r: Pick<Return, 'lines'>) =>
  r.lines.map((l) => `${l.quantity} × ${l.partNumber ? `${l.partNumber} ` : ''}${l.name}`).join(', ');

function mailFacts(order: OrderRow, item: Return, terms: ReturnTerms): ReturnMailFacts {
  return {
    to: order.email,
    name: order.deliveryAddress?.name ?? order.name,
    item,
    paymentMethod: order.paymentMethod,
    invoicePaid: order.paidAt !== null,
    orderUrl: `${terms.publicUrl}/order/${item.orderNumber}`,
    adminOrderUrl: `${terms.publicUrl}/dashboard/orders/${item.orderNumber}`,
    returnAddress: terms.returnAddress,
  };
}

/**
 * The Returns queue (admins): every return, or those of one status, newest first, with its
 * order's number, the customer, the lines and what the refund is or will be.
 */
export async function listReturns(db: Db, query: ReturnsQuery): Promise<ReturnQueueItem[]> {
  const rows = await db
    .select({ ret: returns, order: orders })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(query.status ? eq(returns.status, query.status) : undefined)
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(500);
  const [units, taxDone] = await Promise.all([
    unitsOfReturns(
      db,
      rows.map((r) => r.ret.id),
    ),
    taxRefunded(db, [...new Set(rows.map((r) => r.order.id))]),
  ]);
  return rows.map(({ ret, order }) => ({
    ...toReturn(
      ret,
      formatOrderNumber(order.number ?? 0),
      units,
      estimateOf(ret, order, units, taxDone.get(order.id) ?? 0),
    ),
    customer: { name: order.deliveryAddress?.name ?? order.name, email: order.email },
  }));
}

/** The return and its order, both locked until the step's transaction ends (return row first). */
async function lockReturn(tx: Db, returnId: string): Promise<{ row: ReturnRow; order: OrderRow }> {
  const [row] = await tx.select().from(returns).where(eq(returns.id, returnId)).limit(1).for('update');
  if (!row) throw new AppError('not_found', returnTexts.notFound);
  const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).limit(1).for('update');
  if (!order) throw new AppError('not_found', returnTexts.notFound);
  return { row, order };
}

async function answerOf(tx: Db, row: ReturnRow, order: OrderRow): Promise<Return> {
  const units = await unitsOfReturns(tx, [row.id]);
  const taxDone = (await taxRefunded(tx, [order.id])).get(order.id) ?? 0;
  return toReturn(row, formatOrderNumber(order.number ?? 0), units, estimateOf(row, order, units, taxDone));
}

/**
 * An admin decides a requested return: approved (the customer is mailed where to send the parts
 * and to write the return's label on the parcel) or declined with a reason (mailed as written).
 * A return already decided answers 409 with what it is.
 */
export async function decideReturn(
  db: Db,
  admin: OrderActor,
  returnId: string,
  decision: { approve: true } | { approve: false; reason: string },
  terms: ReturnTerms,
  audit: AuditContext,
): Promise<Return> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { row, order } = await lockReturn(tx, returnId);
    if (row.status !== 'requested') {
      throw new AppError(
        'conflict',
        decision.approve ? returnTexts.cannotApprove(row.status) : returnTexts.cannotDecline(row.status),
      );
    }
    const now = new Date();
    const [decided] = await tx
      .update(returns)
      .set({
        status: decision.approve ? 'approved' : 'declined',
        declineReason: decision.approve ? null : decision.reason,
        decidedAt: now,
        updatedAt: now,
      })
      .where(and(eq(returns.id, row.id), eq(returns.status, 'requested')))
      .returning();
    if (!decided) throw new Error('a locked return changed under its lock');
    const answer = await answerOf(tx, decided, order);
    await recordOrderEvent(
      tx,
      order.id,
      decision.approve ? 'return_approved' : 'return_declined',
      admin,
      decision.approve ? answer.label : `${answer.label}: ${decision.reason}`,
    );
    await recordAudit(tx, audit, {
      action: decision.approve ? 'return.approve' : 'return.decline',
      recordType: 'return',
      recordId: answer.label,
      before: { status: 'requested' },
      after: decision.approve ? { status: 'approved' } : { status: 'declined', reason: decision.reason },
    });
    const facts = mailFacts(order, answer, terms);
    await enqueueMail(tx, decision.approve ? returnApprovedMail(facts) : returnDeclinedMail(facts));
    return answer;
  });
}

/**
 * The parcel arrived: an admin marks an approved return received, restocked or not, and it is
 * refunded, in one transaction of named steps. Lock the return row, then its order → guard on
 * 'approved' (a second Receive, from a double click or another admin, waits for the lock and then
 * finds it refunded: 409, nothing refunded twice) → restock the units when asked → the refund: the
 * lines' price and their share of the tax, to the card through the provider as a partial refund
 * (idempotency key `refund-return-<id>`), or credited on an order on account → the refunds row
 * (unique per return), the order's refunded total, the return's amounts and times → timeline and
 * mail. A refusal from the provider throws and rolls all of it back (402); the return stays
 * approved and can be received again.
 */
export async function receiveReturn(
  db: Db,
  admin: OrderActor,
  returnId: string,
  restock: boolean,
  deps: { provider: PaymentProviderClient; terms: ReturnTerms; audit: AuditContext },
): Promise<{ item: Return; partIds: string[] }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Step 1: the return and its order, locked; only an approved return is received.
    const { row, order } = await lockReturn(tx, returnId);
    if (row.status !== 'approved') throw new AppError('conflict', returnTexts.cannotReceive(row.status));
    const units = await unitsOfReturns(tx, [row.id]);

    // Step 2: the parts back on sale, if they can be sold again.
    const partIds = restock
      ? await returnStock(
          tx,
          units.map((u) => ({ partId: u.line.partId, quantity: u.quantity })),
        )
      : [];

    // Step 3: what goes back: the lines' price and their share of the tax, within what is left.
    const subtotal = subtotalOf(units);
    const taxDone = (await taxRefunded(tx, [order.id])).get(order.id) ?? 0;
    const taxCents = taxShareCents(order, subtotal, taxDone);
    const amountCents = Math.min(subtotal + taxCents, order.totalCents - order.refundedCents);
    const label = formatReturnLabel(formatOrderNumber(order.number ?? 0), row.position);

    // Step 4: the money, through the provider for a card, as credit on account otherwise.
    const method = order.paymentMethod;
    let providerRefundId: string | null = null;
    if (amountCents > 0 && method === 'card') {
      ({ refundId: providerRefundId } = await refundPartOfPayment(
        tx,
        deps.provider,
        order,
        {
          amountCents,
          idempotencyKey: `refund-return-${row.id}`,
          settles: order.refundedCents + amountCents >= order.totalCents,
        },
        returnTexts.refundFailed,
      ));
    }

    // Step 5: what was given back, on the refund, the order and the return.
    const now = new Date();
    if (amountCents > 0) {
      await tx.insert(refunds).values({
        orderId: order.id,
        returnId: row.id,
        method,
        amountCents,
        taxCents,
        providerRefundId,
        createdBy: admin.id,
      });
      await tx
        .update(orders)
        .set({ refundedCents: sql`${orders.refundedCents} + ${amountCents}`, updatedAt: now })
        .where(eq(orders.id, order.id));
    }
    const [refunded] = await tx
      .update(returns)
      .set({
        status: 'refunded',
        restocked: restock,
        receivedAt: now,
        refundedAt: now,
        refundCents: amountCents,
        refundTaxCents: taxCents,
        updatedAt: now,
      })
      .where(and(eq(returns.id, row.id), eq(returns.status, 'approved')))
      .returning();
    if (!refunded) throw new Error('a locked return changed under its lock');

    // Step 6: the audit trail, the timeline and the customer's mail.
    await recordAudit(tx, deps.audit, {
      action: 'return.receive',
      recordType: 'return',
      recordId: label,
      before: { status: 'approved', orderRefundedCents: order.refundedCents },
      after: {
        status: 'refunded',
        restocked: restock,
        refundCents: amountCents,
        method,
        orderRefundedCents: order.refundedCents + amountCents,
        ...(providerRefundId ? { providerRefundId } : {}),
      },
    });
    const restockedUnits = units.reduce((n, u) => n + u.quantity, 0);
    await recordOrderEvent(
      tx,
      order.id,
      'return_received',
      admin,
      `${label}: ${restock ? `${restockedUnits} ${restockedUnits === 1 ? 'unit' : 'units'} back on sale` : 'not restocked'}`,
    );
    const money = formatDollars(centsToDollars(amountCents));
    await recordOrderEvent(
      tx,
      order.id,
      'return_refunded',
      admin,
      method === 'card'
        ? `${label}: ${money} to the card${providerRefundId ? ` (${providerRefundId})` : ''}`
        : `${label}: ${money} credited on account`,
    );
    const item = toReturn(refunded, formatOrderNumber(order.number ?? 0), units, null);
    await enqueueMail(tx, returnRefundedMail(mailFacts(order, item, deps.terms)));
    return { item, partIds };
  });
}
