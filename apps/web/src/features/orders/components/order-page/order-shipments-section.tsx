import type { ReactNode } from 'react';
import type { OrderDetail, Shipment } from '@pitstop/core/order-detail';
import { orderDate } from '../order-date';
import { EmptyLine, OrderSection } from './order-section';

/** The carrier's tracking number, a link to its tracking page when the carrier has one. */
export function TrackingLink({
  shipment,
}: {
  shipment: Pick<Shipment, 'carrierName' | 'trackingNumber' | 'trackingUrl'>;
}) {
  if (!shipment.trackingUrl) return <span className="font-mono break-all">{shipment.trackingNumber}</span>;
  return (
    <a
      href={shipment.trackingUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="font-mono break-all text-red-700 underline underline-offset-2 hover:text-red-800"
      aria-label={`Track ${shipment.trackingNumber} with ${shipment.carrierName} (opens in a new tab)`}
    >
      {shipment.trackingNumber}
    </a>
  );
}

function ShipmentItem({ shipment }: { shipment: Shipment }) {
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
      <p className="font-semibold text-slate-900">
        {`Shipment ${shipment.position}`}
        <span className="font-normal text-slate-600">{` · ${orderDate(shipment.shippedAt)}`}</span>
      </p>
      <p className="text-sm text-slate-700">
        {shipment.carrierName}: <TrackingLink shipment={shipment} />
      </p>
      <ul className="flex flex-col gap-0.5 text-sm text-slate-700">
        {shipment.lines.map((line) => (
          <li key={line.lineId}>
            {line.partNumber ? (
              <span className="font-mono text-slate-600">{`${line.partNumber} `}</span>
            ) : null}
            {`${line.name} × ${line.quantity}`}
          </li>
        ))}
      </ul>
    </li>
  );
}

interface OrderShipmentsSectionProps {
  order: OrderDetail;
  /** The admin's page (the ship form and Mark delivered belong there). */
  admin: boolean;
  /**
   * On the admin's page: ship what is left and mark the order delivered (the shipments feature's
   * panel, passed in by the screen that composes both).
   */
  shipping?: ReactNode;
}

/** Shipments: each parcel that left, with its carrier, tracking link and lines. */
export function OrderShipmentsSection({ order, admin, shipping }: OrderShipmentsSectionProps) {
  return (
    <OrderSection id="order-shipments" title="Shipments">
      {order.shipments.length === 0 ? (
        <EmptyLine>Nothing has shipped yet.</EmptyLine>
      ) : (
        <ul className="flex flex-col gap-3">
          {order.shipments.map((shipment) => (
            <ShipmentItem key={shipment.id} shipment={shipment} />
          ))}
        </ul>
      )}
      {admin ? shipping : null}
    </OrderSection>
  );
}
