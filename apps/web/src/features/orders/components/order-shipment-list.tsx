import type { Order } from '@pitstop/core/orders';
import { shipmentTexts } from '@pitstop/core/shipment-texts';
import { TrackingLink } from './order-page/order-shipments-section';

/**
 * An order's parcels as My Orders lists them: each with its carrier, its tracking number as a
 * link to the carrier's page (a new tab) and the units it carries. Nothing before anything ships.
 */
export function OrderShipmentList({ order }: { order: Pick<Order, 'shipments' | 'orderNumber'> }) {
  if (order.shipments.length === 0) return null;
  return (
    <ul
      aria-label={`${shipmentTexts.shipmentsLabel} of ${order.orderNumber}`}
      className="mt-2 flex flex-col gap-1.5 text-sm"
    >
      {order.shipments.map((shipment) => (
        <li key={shipment.id} className="text-slate-700">
          {`${shipmentTexts.shipmentLine(shipment.position, shipment.carrierName)} `}
          <TrackingLink shipment={shipment} />
          <span className="block text-xs text-slate-600">
            {shipment.lines.map((line) => `${line.name} × ${line.quantity}`).join(', ')}
          </span>
        </li>
      ))}
    </ul>
  );
}
