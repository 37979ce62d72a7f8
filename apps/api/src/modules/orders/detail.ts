import { and, eq, getTableColumns, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { orderTexts } from '@pitstop/core/messages';
import { centsToDollars } from '@pitstop/core/money';
import {
  CARRIER_NAMES,
  formatReturnLabel,
  trackingUrl,
  type Carrier,
  type LineQuantity,
  type OrderDetail,
  type OrderEventKind,
  type ReturnReason,
  type ReturnStatus,
} from '@pitstop/core/order-detail';
import type { SessionUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import {
  companyMembers,
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

/*
 * An order's page is read with one statement: the order's row, with its lines, shipments, returns,
 * refunds and timeline as JSON arrays built by PostgreSQL in the same statement. Eight queries run
 * at once cost each request eight round trips (on a busy machine each socket write to the database
 * was as dear as the query behind it) and eight result sets to turn into objects; one statement is
 * one of each, and one consistent snapshot of the order.
 */

/** Units of an order line in a shipment or a return. */
interface LineUnits {
  lineId: string;
  quantity: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A time as Date.toISOString() writes it (UTC, milliseconds), so JSON dates read like the row's. */
const isoText = (column: AnyColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A JSON array of one object per row of `from` (which names its table and condition), [] for none. */
const jsonRows = <T>(object: SQL, from: SQL, orderBy: SQL) =>
  sql<T[]>`coalesce((select json_agg(${object} order by ${orderBy}) from ${from}), '[]'::json)`;

/** The units of one shipment or return, from its lines table. */
const unitsOf = (lineId: AnyColumn, quantity: AnyColumn) =>
  sql`json_build_object('lineId', ${lineId}, 'quantity', ${quantity})`;

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
const eventStep = sql`array_position(array[${sql.raw(
  EVENT_SEQUENCE.map((kind) => `'${kind}'`).join(', '),
)}]::text[], ${orderEvents.kind})`;

const lines = jsonRows<
  Pick<OrderLineRow, 'id' | 'position' | 'partId' | 'partNumber' | 'partName' | 'unitPriceCents' | 'quantity'>
>(
  sql`json_build_object('id', ${orderLines.id}, 'position', ${orderLines.position}, 'partId', ${orderLines.partId},
    'partNumber', ${orderLines.partNumber}, 'partName', ${orderLines.partName},
    'unitPriceCents', ${orderLines.unitPriceCents}, 'quantity', ${orderLines.quantity})`,
  sql`${orderLines} where ${orderLines.orderId} = ${orders.id}`,
  sql`${orderLines.position}`,
);

const shipmentList = jsonRows<{
  id: string;
  position: number;
  carrier: Carrier;
  trackingNumber: string;
  shippedAt: string;
  lines: LineUnits[];
}>(
  sql`json_build_object('id', ${shipments.id}, 'position', ${shipments.position}, 'carrier', ${shipments.carrier},
    'trackingNumber', ${shipments.trackingNumber}, 'shippedAt', ${isoText(shipments.createdAt)},
    'lines', ${jsonRows(
      unitsOf(shipmentLines.orderLineId, shipmentLines.quantity),
      sql`${shipmentLines} where ${shipmentLines.shipmentId} = ${shipments.id}`,
      sql`${shipmentLines.orderLineId}`,
    )})`,
  sql`${shipments} where ${shipments.orderId} = ${orders.id}`,
  sql`${shipments.position}`,
);

const returnList = jsonRows<{
  id: string;
  position: number;
  status: ReturnStatus;
  reason: ReturnReason;
  note: string;
  photos: string[];
  declineReason: string | null;
  restocked: boolean | null;
  refundCents: number | null;
  refundTaxCents: number | null;
  requestedAt: string;
  decidedAt: string | null;
  receivedAt: string | null;
  refundedAt: string | null;
  lines: LineUnits[];
}>(
  sql`json_build_object('id', ${returns.id}, 'position', ${returns.position}, 'status', ${returns.status},
    'reason', ${returns.reason}, 'note', ${returns.note}, 'photos', ${returns.photos},
    'declineReason', ${returns.declineReason}, 'restocked', ${returns.restocked},
    'refundCents', ${returns.refundCents}, 'refundTaxCents', ${returns.refundTaxCents},
    'requestedAt', ${isoText(returns.createdAt)}, 'decidedAt', ${isoText(returns.decidedAt)},
    'receivedAt', ${isoText(returns.receivedAt)}, 'refundedAt', ${isoText(returns.refundedAt)},
    'lines', ${jsonRows(
      unitsOf(returnLines.orderLineId, returnLines.quantity),
      sql`${returnLines} where ${returnLines.returnId} = ${returns.id}`,
      sql`${returnLines.orderLineId}`,
    )})`,
  sql`${returns} where ${returns.orderId} = ${orders.id}`,
  sql`${returns.position}`,
);

const refundList = jsonRows<{
  id: string;
  method: 'card' | 'account';
  amountCents: number;
  taxCents: number;
  providerRefundId: string | null;
  returnPosition: number | null;
  createdAt: string;
}>(
  sql`json_build_object('id', ${refunds.id}, 'method', ${refunds.method}, 'amountCents', ${refunds.amountCents},
    'taxCents', ${refunds.taxCents}, 'providerRefundId', ${refunds.providerRefundId},
    'returnPosition', (select ${returns.position} from ${returns} where ${returns.id} = ${refunds.returnId}),
    'createdAt', ${isoText(refunds.createdAt)})`,
  sql`${refunds} where ${refunds.orderId} = ${orders.id}`,
  sql`${refunds.createdAt}, ${refunds.id}`,
);

const eventList = jsonRows<{ kind: OrderEventKind; actor: string; detail: string; at: string }>(
  sql`json_build_object('kind', ${orderEvents.kind}, 'actor', ${orderEvents.actorName},
    'detail', ${orderEvents.detail}, 'at', ${isoText(orderEvents.createdAt)})`,
  sql`${orderEvents} where ${orderEvents.orderId} = ${orders.id}`,
  sql`${orderEvents.createdAt}, ${eventStep}, ${orderEvents.id}`,
);

/**
 * The statement, prepared once per database (a named statement, which PostgreSQL plans once per
 * connection): it selects by the order's number and the caller's right to see it (an admin any
 * order, a customer only their own or their company's that are not deleted), so it reads nothing
 * of an order the caller may not see.
 */
function prepareDetailQuery(db: Db) {
  return db
    .select({
      ...getTableColumns(orders),
      lines,
      shipments: shipmentList,
      returns: returnList,
      refunds: refundList,
      events: eventList,
    })
    .from(orders)
    .where(
      and(
        eq(orders.number, sql.placeholder('number')),
        or(
          sql`${sql.placeholder('admin')}::boolean`,
          and(
            or(
              eq(orders.userId, sql.placeholder('userId')),
              // A member of the order's company reads it too (issue #30); nobody else.
              sql`${orders.companyId} = (select ${companyMembers.companyId} from ${companyMembers}
                where ${companyMembers.userId} = ${sql.placeholder('userId')})`,
            ),
            isNull(orders.deletedAt),
          ),
        ),
      ),
    )
    .limit(1)
    .prepare('order_detail');
}

const preparedFor = new WeakMap<Db, ReturnType<typeof prepareDetailQuery>>();

export interface OrderDetailTerms {
  /** Days after delivery within which the customer may ask to return lines (RETURN_WINDOW_DAYS). */
  returnWindowDays: number;
  /** The time to compare the return window with. */
  now?: Date;
}

/**
 * One order as its page shows it. A customer sees only their own orders that are not deleted; an
 * admin sees any, a deleted one marked so. Anything else (unknown, someone else's) is the same 404,
 * so a customer cannot tell another customer's order numbers from unused ones.
 */
export async function orderDetail(
  db: Db,
  caller: SessionUser,
  number: number,
  terms: OrderDetailTerms,
): Promise<OrderDetail> {
  let query = preparedFor.get(db);
  if (!query) {
    query = prepareDetailQuery(db);
    preparedFor.set(db, query);
  }
  const [found] = await query.execute({ number, admin: caller.role === 'admin', userId: caller.id });
  if (!found) throw new AppError('not_found', orderTexts.notFound);
  const {
    lines: lineRows,
    shipments: shipmentRows,
    returns: returnRows,
    refunds: refundRows,
    events,
    ...row
  } = found;

  const order = toOrder(row, lineRows);
  const lineById = new Map(lineRows.map((line) => [line.id, line]));
  // A shipment's or return's units, named as their lines are and in the order's line order.
  const named = (units: LineUnits[]): LineQuantity[] =>
    units
      .map((u) => ({ u, line: lineById.get(u.lineId) }))
      .sort((a, b) => (a.line?.position ?? 0) - (b.line?.position ?? 0))
      .map(({ u, line }) => ({
        lineId: u.lineId,
        name: line?.partName ?? '',
        partNumber: line?.partNumber ?? null,
        quantity: u.quantity,
      }));
  const shipped = sumByLine(shipmentRows.flatMap((s) => s.lines));
  // A declined return sent nothing back.
  const returned = sumByLine(returnRows.filter((r) => r.status !== 'declined').flatMap((r) => r.lines));
  const dollars = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

  return {
    ...order,
    lines: lineRows.map((line) => ({
      ...toOrderLine(line),
      shipped: shipped.get(line.id) ?? 0,
      returned: returned.get(line.id) ?? 0,
    })),
    shipments: shipmentRows.map((s) => ({
      id: s.id,
      position: s.position,
      carrier: s.carrier,
      carrierName: CARRIER_NAMES[s.carrier],
      trackingNumber: s.trackingNumber,
      trackingUrl: trackingUrl(s.carrier, s.trackingNumber),
      shippedAt: s.shippedAt,
      lines: named(s.lines),
    })),
    returns: returnRows.map(({ position, refundCents, refundTaxCents, lines: units, ...r }) => ({
      ...r,
      label: formatReturnLabel(order.orderNumber, position),
      orderNumber: order.orderNumber,
      refund: dollars(refundCents),
      refundTax: dollars(refundTaxCents),
      lines: named(units),
    })),
    refunds: refundRows.map(({ amountCents, taxCents, returnPosition, ...r }) => ({
      ...r,
      amount: centsToDollars(amountCents),
      tax: centsToDollars(taxCents),
      returnLabel: returnPosition === null ? null : formatReturnLabel(order.orderNumber, returnPosition),
    })),
    events,
    returnableUntil: returnableUntil(row, terms),
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
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

function sumByLine(rows: LineUnits[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const r of rows) units.set(r.lineId, (units.get(r.lineId) ?? 0) + r.quantity);
  return units;
}
