import { and, asc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import { orderTexts } from '@pitstop/core/messages';
import { centsToDollars } from '@pitstop/core/money';
import {
  CARRIER_NAMES,
  formatReturnLabel,
  trackingUrl,
  type LineQuantity,
  type OrderDetail,
  type OrderEvent,
  type OrderEventKind,
  type Refund,
  type Return,
  type Shipment,
} from '@pitstop/core/order-detail';
import type { SessionUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import {
  orderEvents,
  orderLines,
  orders,
  refunds,
  returnLines,
  returns,
  shipmentLines,
  shipments,
  type OrderLineRow,
  type OrderRow,
} from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { toOrder, toOrderLine } from './service.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const DAY_MS = 24 * 60 * 60 * 1000;

/*
 * Events written in one transaction share its start time (now()), so the time alone cannot order
 * them: a cancel and its refund, a delete and the cancel before it. Within one instant they are
 * read in the order a change's steps happen.
 */
const EVENT_SEQUENCE: readonly OrderEventKind[] = [
  'placed',
  'paid',
  'marked_paid',
  'shipment',
  'delivered',
  'return_requested',
  'return_approved',
  'return_declined',
  'return_received',
  'return_refunded',
  'cancelled',
  'refunded',
  'deleted',
  'note',
];
const eventStep = sql`array_position(array[${sql.join(
  EVENT_SEQUENCE.map((kind) => sql`${kind}`),
  sql`, `,
)}]::text[], ${orderEvents.kind})`;

export interface OrderDetailTerms {
  /** Days after delivery within which the customer may ask to return lines (RETURN_WINDOW_DAYS). */
  returnWindowDays: number;
  /** The time to compare the return window with; the request's, so one answer agrees with itself. */
  now?: Date;
}

/**
 * One order as its page shows it. A customer sees only their own orders that are not deleted; an
 * admin sees any, a deleted one marked so. Anything else (unknown, someone else's) is the same 404,
 * so a customer cannot tell another customer's order numbers from unused ones.
 *
 * The order, its lines, shipments, returns, refunds and timeline are read by separate queries that
 * run at once, each selecting by the order's number and the caller's right to see it: no query
 * waits for another, and none reads a row of an order the caller may not see.
 */
export async function orderDetail(
  db: Db,
  caller: SessionUser,
  number: number,
  terms: OrderDetailTerms,
): Promise<OrderDetail> {
  const visible: SQL | undefined =
    caller.role === 'admin'
      ? eq(orders.number, number)
      : and(eq(orders.number, number), eq(orders.userId, caller.id), isNull(orders.deletedAt));

  const [orderRows, lineRows, shipmentRows, shippedRows, returnRows, returnedRows, refundRows, eventRows] =
    await Promise.all([
      db.select().from(orders).where(visible).limit(1),
      db
        .select(getTableColumns(orderLines))
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(visible)
        .orderBy(asc(orderLines.position)),
      db
        .select({
          id: shipments.id,
          position: shipments.position,
          carrier: shipments.carrier,
          trackingNumber: shipments.trackingNumber,
          createdAt: shipments.createdAt,
        })
        .from(shipments)
        .innerJoin(orders, eq(orders.id, shipments.orderId))
        .where(visible)
        .orderBy(asc(shipments.position)),
      db
        .select({
          shipmentId: shipmentLines.shipmentId,
          lineId: shipmentLines.orderLineId,
          quantity: shipmentLines.quantity,
        })
        .from(shipmentLines)
        .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
        .innerJoin(orders, eq(orders.id, shipments.orderId))
        .where(visible),
      db
        .select(getTableColumns(returns))
        .from(returns)
        .innerJoin(orders, eq(orders.id, returns.orderId))
        .where(visible)
        .orderBy(asc(returns.position)),
      db
        .select({
          returnId: returnLines.returnId,
          lineId: returnLines.orderLineId,
          quantity: returnLines.quantity,
        })
        .from(returnLines)
        .innerJoin(returns, eq(returns.id, returnLines.returnId))
        .innerJoin(orders, eq(orders.id, returns.orderId))
        .where(visible),
      db
        .select({
          id: refunds.id,
          method: refunds.method,
          amountCents: refunds.amountCents,
          taxCents: refunds.taxCents,
          providerRefundId: refunds.providerRefundId,
          returnPosition: returns.position,
          createdAt: refunds.createdAt,
        })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .leftJoin(returns, eq(returns.id, refunds.returnId))
        .where(visible)
        .orderBy(asc(refunds.createdAt)),
      db
        .select({
          kind: orderEvents.kind,
          actorName: orderEvents.actorName,
          detail: orderEvents.detail,
          createdAt: orderEvents.createdAt,
        })
        .from(orderEvents)
        .innerJoin(orders, eq(orders.id, orderEvents.orderId))
        .where(visible)
        .orderBy(asc(orderEvents.createdAt), eventStep, asc(orderEvents.id)),
    ]);

  const row = orderRows[0];
  if (!row) throw new AppError('not_found', orderTexts.notFound);
  const order = toOrder(row, lineRows);
  const lineById = new Map(lineRows.map((line) => [line.id, line]));
  const unitsOf = (lineId: string, quantity: number) => {
    const line = lineById.get(lineId);
    const name = line?.partName ?? '';
    return { lineId, name, partNumber: line?.partNumber ?? null, quantity, position: line?.position ?? 0 };
  };

  const shipped = sumByLine(shippedRows);
  const declined = new Set(returnRows.filter((r) => r.status === 'declined').map((r) => r.id));
  const returned = sumByLine(returnedRows.filter((r) => !declined.has(r.returnId)));

  return {
    ...order,
    lines: lineRows.map((line: OrderLineRow) => ({
      ...toOrderLine(line),
      shipped: shipped.get(line.id) ?? 0,
      returned: returned.get(line.id) ?? 0,
    })),
    shipments: shipmentRows.map((s): Shipment => ({
      id: s.id,
      position: s.position,
      carrier: s.carrier,
      carrierName: CARRIER_NAMES[s.carrier],
      trackingNumber: s.trackingNumber,
      trackingUrl: trackingUrl(s.carrier, s.trackingNumber),
      shippedAt: s.createdAt.toISOString(),
      lines: linesIn(shippedRows, s.id, (r) => r.shipmentId, unitsOf),
    })),
    returns: returnRows.map((r): Return => ({
      id: r.id,
      label: formatReturnLabel(order.orderNumber, r.position),
      orderNumber: order.orderNumber,
      status: r.status,
      reason: r.reason,
      note: r.note,
      photos: r.photos,
      declineReason: r.declineReason,
      restocked: r.restocked,
      refund: r.refundCents === null ? null : centsToDollars(r.refundCents),
      refundTax: r.refundTaxCents === null ? null : centsToDollars(r.refundTaxCents),
      lines: linesIn(returnedRows, r.id, (l) => l.returnId, unitsOf),
      requestedAt: r.createdAt.toISOString(),
      decidedAt: iso(r.decidedAt),
      receivedAt: iso(r.receivedAt),
      refundedAt: iso(r.refundedAt),
    })),
    refunds: refundRows.map((r): Refund => ({
      id: r.id,
      method: r.method,
      amount: centsToDollars(r.amountCents),
      tax: centsToDollars(r.taxCents),
      providerRefundId: r.providerRefundId,
      returnLabel: r.returnPosition === null ? null : formatReturnLabel(order.orderNumber, r.returnPosition),
      createdAt: r.createdAt.toISOString(),
    })),
    events: eventRows.map((e): OrderEvent => ({
      kind: e.kind,
      actor: e.actorName,
      detail: e.detail,
      at: e.createdAt.toISOString(),
    })),
    returnableUntil: returnableUntil(row, terms),
    deletedAt: iso(row.deletedAt),
  };
}

/**
 * A delivered order may be returned for `returnWindowDays` after its delivery; null once that has
 * passed, and for an order not delivered (or cancelled, or deleted).
 */
export function returnableUntil(
  row: Pick<OrderRow, 'status' | 'deliveredAt' | 'deletedAt'>,
  terms: OrderDetailTerms,
): string | null {
  if (row.status !== 'delivered' || !row.deliveredAt || row.deletedAt) return null;
  const until = new Date(row.deliveredAt.getTime() + terms.returnWindowDays * DAY_MS);
  return until > (terms.now ?? new Date()) ? until.toISOString() : null;
}

function sumByLine(rows: { lineId: string; quantity: number }[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const r of rows) units.set(r.lineId, (units.get(r.lineId) ?? 0) + r.quantity);
  return units;
}

/** The units of one shipment or return, in the order's line order (position is for sorting only). */
function linesIn<R extends { lineId: string; quantity: number }>(
  rows: R[],
  parentId: string,
  parentOf: (row: R) => string,
  unitsOf: (lineId: string, quantity: number) => LineQuantity & { position: number },
): LineQuantity[] {
  return rows
    .filter((r) => parentOf(r) === parentId)
    .map((r) => unitsOf(r.lineId, r.quantity))
    .sort((a, b) => a.position - b.position)
    .map(({ position: _position, ...units }) => units);
}
