import { eq } from 'drizzle-orm';
import { orderTexts } from '@pitstop/core/messages';
import type { Order } from '@pitstop/core/orders';
import {
  CARRIER_NAMES,
  normaliseTrackingNumber,
  SHIPPABLE_STATUSES,
  trackingUrl,
  unitsLeftToShip,
  type CreateShipmentInput,
  type LineQuantity,
  type Shipment,
} from '@pitstop/core/shipments';
import { shipmentTexts } from '@pitstop/core/shipment-texts';
import type { Db } from '../../db/client.js';
import { orders, shipmentLines, shipments, type OrderLineRow, type OrderRow } from '../../db/schema.js';
import { AppError, type FieldError } from '../../lib/errors.js';
import { auditRowWrite, orderRecordId, type AuditContext } from '../audit/service.js';
import { enqueueMail } from '../jobs/queue.js';
import { orderEventWrite, type OrderActor } from '../orders/events.js';
import { linesOf, toOrder, withLines } from '../orders/service.js';
import { deliveredMail, shipmentMail } from './mails.js';
import { shipmentsOf } from '../orders/shipments-read.js';

/** Which order: by its number (the order page's routes) or its id (the spec's status route). */
export type OrderLocator = { number: number } | { id: string };

export interface ShippingTerms {
  /** The shop's address, for the mails' links to the order page. */
  publicUrl: string;
}

/**
 * The order's row, locked until the transaction ends: whoever ships, delivers, cancels or pays it
 * at the same moment waits, then reads what this one wrote.
 */
async function lockOrder(tx: Db, locator: OrderLocator): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where('number' in locator ? eq(orders.number, locator.number) : eq(orders.id, locator.id))
    .limit(1)
    .for('update');
  if (!order) throw new AppError('not_found', orderTexts.notFound);
  return order;
}

function refuseUnshippable(order: OrderRow): void {
  if ((SHIPPABLE_STATUSES as readonly string[]).includes(order.status)) return;
  const status = order.status as Exclude<OrderRow['status'], (typeof SHIPPABLE_STATUSES)[number]>;
  throw new AppError('conflict', shipmentTexts.cannotShip[status]);
}

interface ParcelLine {
  line: OrderLineRow;
  quantity: number;
}

/**
 * What goes in this parcel: the listed lines (each the order's, listed once, at most what is left
 * of it), or every unit left when none are listed. Every wrong line is named in one 400.
 */
function chooseParcel(
  lines: OrderLineRow[],
  left: Map<string, number>,
  wanted: CreateShipmentInput['lines'],
): ParcelLine[] {
  if (!wanted) {
    return lines
      .map((line) => ({ line, quantity: left.get(line.id) ?? 0 }))
      .filter((entry) => entry.quantity > 0);
  }
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const parcel: ParcelLine[] = [];
  wanted.forEach((entry, index) => {
    const line = lines.find((l) => l.id === entry.lineId);
    if (!line) {
      errors.push({ field: `lines.${index}.lineId`, message: shipmentTexts.lineUnknown });
    } else if (seen.has(line.id)) {
      errors.push({ field: `lines.${index}.lineId`, message: shipmentTexts.lineTwice });
    } else if (entry.quantity > (left.get(line.id) ?? 0)) {
      errors.push({
        field: `lines.${index}.quantity`,
        message: shipmentTexts.quantityAbove(left.get(line.id) ?? 0),
      });
    } else {
      parcel.push({ line, quantity: entry.quantity });
    }
    seen.add(entry.lineId);
  });
  const [first] = errors;
  if (first) throw new AppError('invalid', first.message, errors);
  // In the order's own line order, whatever order the admin listed them in.
  return parcel.sort((a, b) => a.line.position - b.line.position);
}

const describeUnits = (lines: Pick<LineQuantity, 'name' | 'quantity'>[]) =>
  lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');

/**
 * An admin ships some or all of an order's units with a carrier and a tracking number. One
 * transaction of named steps: lock the order → check it may ship → read what is left of each
 * line → choose the parcel → write the shipment and its lines → move the order to partly shipped
 * or shipped → add it to the timeline → queue the customer's mail. Two admins shipping the same
 * units at once are serialised by the lock: the second finds them gone and is refused (400), so
 * no unit ever ships twice. Answers the order as the lists show it, with its shipments.
 */
export async function shipOrder(
  db: Db,
  orderNumber: number,
  input: CreateShipmentInput,
  admin: OrderActor,
  terms: ShippingTerms,
  audit: AuditContext,
): Promise<Order> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Step 1: the order, locked against another shipment, a cancel or a payment.
    const order = await lockOrder(tx, { number: orderNumber });
    // Step 2: only a paid, on-account or partly shipped order ships.
    refuseUnshippable(order);
    // Step 3: what each line has left to ship, from the shipments written so far.
    const [lines, shippedBefore] = await Promise.all([linesOf(tx, [order.id]), shipmentsOf(tx, [order.id])]);
    const orderLinesOf = lines.get(order.id) ?? [];
    const earlier = shippedBefore.get(order.id) ?? [];
    const left = unitsLeftToShip({
      lines: orderLinesOf.map((l) => ({ lineId: l.id, quantity: l.quantity })),
      shipments: earlier,
    });
    // Step 4: the parcel.
    const parcel = chooseParcel(orderLinesOf, left, input.lines);
    if (parcel.length === 0) throw new AppError('conflict', shipmentTexts.cannotShip.shipped);

    // Step 5: the shipment, next in the order's numbering, with its tracking number as carriers print it.
    const trackingNumber = normaliseTrackingNumber(input.trackingNumber);
    const position = earlier.reduce((max, s) => Math.max(max, s.position), 0) + 1;
    const [written] = await tx
      .insert(shipments)
      .values({ orderId: order.id, position, carrier: input.carrier, trackingNumber, createdBy: admin.id })
      .returning({ id: shipments.id, createdAt: shipments.createdAt });
    if (!written) throw new Error('the shipment was not inserted');
    await tx
      .insert(shipmentLines)
      .values(
        parcel.map(({ line, quantity }) => ({ shipmentId: written.id, orderLineId: line.id, quantity })),
      );
    const shipment: Shipment = {
      id: written.id,
      position,
      carrier: input.carrier,
      carrierName: CARRIER_NAMES[input.carrier],
      trackingNumber,
      trackingUrl: trackingUrl(input.carrier, trackingNumber),
      shippedAt: written.createdAt.toISOString(),
      lines: parcel.map(({ line, quantity }) => ({
        lineId: line.id,
        name: line.partName,
        partNumber: line.partNumber,
        quantity,
      })),
    };

    // Step 6: partly shipped, or shipped (with its time) once the last unit has left.
    for (const { line, quantity } of parcel) left.set(line.id, (left.get(line.id) ?? 0) - quantity);
    const stillToCome: LineQuantity[] = orderLinesOf
      .filter((line) => (left.get(line.id) ?? 0) > 0)
      .map((line) => ({
        lineId: line.id,
        name: line.partName,
        partNumber: line.partNumber,
        quantity: left.get(line.id) ?? 0,
      }));
    const complete = stillToCome.length === 0;
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set(
        complete
          ? { status: 'shipped', shippedAt: now, updatedAt: now }
          : { status: 'partially_shipped', updatedAt: now },
      )
      .where(eq(orders.id, order.id))
      .returning();
    if (!updated) throw new Error('a locked order vanished');

    // Steps 7–9 in one statement: the timeline's line, the audit trail's row and the customer's
    // mail (sent once this commits). A statement each would make the audit row a round trip of
    // its own in every shipment.
    const answer = toOrder(updated, orderLinesOf, [...earlier, shipment]);
    const timeline = orderEventWrite(
      tx,
      order.id,
      'shipment',
      admin,
      `${shipment.carrierName} ${trackingNumber} — ${describeUnits(shipment.lines)}`,
    );
    const auditRow = auditRowWrite(tx, audit, {
      action: 'order.ship',
      recordType: 'order',
      recordId: orderRecordId(order),
      before: { status: order.status },
      after: {
        status: updated.status,
        shipment: `${shipment.carrierName} ${trackingNumber}`,
        units: describeUnits(shipment.lines),
      },
    });
    await enqueueMail(
      tx,
      shipmentMail(answer, shipment, stillToCome, terms.publicUrl),
      auditRow ? [timeline, auditRow] : [timeline],
    );
    return answer;
  });
}

/**
 * An admin records that a shipped order arrived: delivered, with its time, on the timeline, and
 * the customer mailed. Only an order whose every unit has shipped; marking a delivered order
 * again changes nothing and answers it as it is (a double click or two admins at once must not
 * mail twice, and there is nothing to refuse). `changed` says whether this call delivered it.
 */
export async function markDelivered(
  db: Db,
  locator: OrderLocator,
  admin: OrderActor,
  terms: ShippingTerms,
  audit: AuditContext,
): Promise<{ order: Order; changed: boolean }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const order = await lockOrder(tx, locator);
    if (order.status === 'delivered') {
      return { order: (await withLines(tx, [order]))[0] as Order, changed: false };
    }
    if (order.status !== 'shipped') {
      throw new AppError(
        'conflict',
        order.status === 'partially_shipped' || order.status === 'cancelled'
          ? shipmentTexts.cannotDeliver[order.status]
          : shipmentTexts.cannotDeliver.other,
      );
    }
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({ status: 'delivered', deliveredAt: now, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    if (!updated) throw new Error('a locked order vanished');
    const answer = (await withLines(tx, [updated]))[0] as Order;
    // The timeline's line, the audit row and the customer's mail in one statement (as a shipment's).
    const auditRow = auditRowWrite(tx, audit, {
      action: 'order.deliver',
      recordType: 'order',
      recordId: orderRecordId(order),
      before: { status: order.status },
      after: { status: 'delivered' },
    });
    const timeline = orderEventWrite(tx, order.id, 'delivered', admin);
    await enqueueMail(
      tx,
      deliveredMail(answer, terms.publicUrl),
      auditRow ? [timeline, auditRow] : [timeline],
    );
    return { order: answer, changed: true };
  });
}
