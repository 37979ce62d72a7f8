import { asc, eq, inArray } from 'drizzle-orm';
import { CARRIER_NAMES, trackingUrl, type Shipment } from '@pitstop/core/shipments';
import type { Db } from '../../db/client.js';
import { orderLines, shipmentLines, shipments } from '../../db/schema.js';

/**
 * The shipments of these orders with their lines, each order's first first, with one query: the
 * order lists (My Orders, All Orders) and the order page show them beside the order's lines.
 */
export async function shipmentsOf(db: Db, orderIds: string[]): Promise<Map<string, Shipment[]>> {
  const byOrder = new Map<string, Shipment[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      id: shipments.id,
      orderId: shipments.orderId,
      position: shipments.position,
      carrier: shipments.carrier,
      trackingNumber: shipments.trackingNumber,
      shippedAt: shipments.createdAt,
      lineId: orderLines.id,
      name: orderLines.partName,
      partNumber: orderLines.partNumber,
      quantity: shipmentLines.quantity,
    })
    .from(shipments)
    .innerJoin(shipmentLines, eq(shipmentLines.shipmentId, shipments.id))
    .innerJoin(orderLines, eq(orderLines.id, shipmentLines.orderLineId))
    .where(inArray(shipments.orderId, orderIds))
    .orderBy(asc(shipments.orderId), asc(shipments.position), asc(orderLines.position));
  let current: Shipment | undefined;
  for (const row of rows) {
    if (current?.id !== row.id) {
      current = {
        id: row.id,
        position: row.position,
        carrier: row.carrier,
        carrierName: CARRIER_NAMES[row.carrier],
        trackingNumber: row.trackingNumber,
        trackingUrl: trackingUrl(row.carrier, row.trackingNumber),
        shippedAt: row.shippedAt.toISOString(),
        lines: [],
      };
      byOrder.get(row.orderId)?.push(current);
    }
    current.lines.push({
      lineId: row.lineId,
      name: row.name,
      partNumber: row.partNumber,
      quantity: row.quantity,
    });
  }
  return byOrder;
}
