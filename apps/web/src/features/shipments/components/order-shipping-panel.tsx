import type { Order } from '@pitstop/core/orders';
import { shipmentTexts } from '@pitstop/core/shipment-texts';
import { SHIPPABLE_STATUSES, CARRIER_NAMES } from '@pitstop/core/shipments';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { StatusNotice } from '@/components/ui/notice';
import { MarkDeliveredButton } from './mark-delivered-button';
import { SHIP_FORM_ID, ShipOrderForm } from './ship-order-form';

type PanelOrder = Pick<Order, 'orderNumber' | 'status' | 'lines' | 'shipments'>;

const shippable = (status: Order['status']) => (SHIPPABLE_STATUSES as readonly string[]).includes(status);

interface OrderShippingPanelProps {
  order: PanelOrder;
  /**
   * After a shipment or a delivery was saved: refresh the order's data (its queries belong to the
   * screen that shows it). Awaited before the result is announced, so what is read out matches
   * what is on screen.
   */
  onChanged: (order: Order) => Promise<unknown> | void;
}

/**
 * What an admin does with an order's shipping on its page: ship (some or all of) what is left,
 * then mark it delivered. The result of each is announced in one live region that stays mounted
 * while the form gives way to the next step.
 */
export function OrderShippingPanel({ order, onChanged }: OrderShippingPanelProps) {
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const { hash: anchor } = useLocation();

  // Arriving from All Orders' Shipped (…#ship): the form is where the admin meant to go. The
  // browser cannot scroll to it by itself, as it appears only once the order has loaded.
  useEffect(() => {
    if (anchor !== `#${SHIP_FORM_ID}`) return;
    const form = document.getElementById(SHIP_FORM_ID);
    form?.scrollIntoView({ block: 'start' });
    form?.focus();
  }, [anchor]);

  /*
   * The control that was used is gone once the order is back (a new form for the next parcel, or
   * none): the focus goes to the result, from where Tab reaches what comes next.
   */
  function announce(message: string | null) {
    setNotice(message);
    noticeRef.current?.focus();
  }

  async function shipped(updated: Order) {
    await onChanged(updated);
    const last = updated.shipments.at(-1);
    announce(
      last
        ? shipmentTexts.shipped(
            last.position,
            updated.orderNumber,
            CARRIER_NAMES[last.carrier],
            updated.status === 'shipped',
          )
        : null,
    );
  }

  async function delivered(updated: Order) {
    await onChanged(updated);
    announce(shipmentTexts.delivered(updated.orderNumber));
  }

  return (
    <div className="flex flex-col gap-4">
      <div
        ref={noticeRef}
        tabIndex={-1}
        className="rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-green-700"
      >
        <StatusNotice message={notice} />
      </div>
      {shippable(order.status) ? (
        // A new form for each parcel: its quantities start from what is left now.
        <ShipOrderForm key={order.shipments.length} order={order} onShipped={shipped} />
      ) : order.status === 'unpaid' ? (
        <p className="text-slate-700">{shipmentTexts.notShippable}</p>
      ) : null}
      {order.status === 'shipped' ? (
        <div className="flex flex-col gap-3">
          <p className="text-slate-700">{shipmentTexts.allShipped}</p>
          <MarkDeliveredButton order={order} onDelivered={delivered} />
        </div>
      ) : null}
    </div>
  );
}
