import type { OrderDetail } from '@pitstop/core/order-detail';
import { orderPageTexts as t } from '@pitstop/core/order-page-texts';
import { deliveryTexts } from '@pitstop/core/delivery-texts';
import { EmptyLine, OrderSection } from './order-section';

/** Where the parcel goes and the number a courier calls; orders from before addresses have the phone only. */
export function OrderDeliverySection({ order }: { order: OrderDetail }) {
  const address = order.address;
  return (
    <OrderSection id="order-delivery" title={t.deliveryHeading}>
      {address ? (
        <address className="flex flex-col not-italic text-slate-800">
          <span className="font-semibold">{address.name}</span>
          <span>{address.street}</span>
          {address.line2 ? <span>{address.line2}</span> : null}
          <span>{`${address.city}, ${address.state} ${address.zip}`}</span>
        </address>
      ) : (
        <EmptyLine>{t.noAddress}</EmptyLine>
      )}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-600">{t.phone}</dt>
        <dd>
          <a
            href={`tel:${(address?.phone ?? order.num).replace(/[^\d+]/g, '')}`}
            className="text-slate-900 underline-offset-2 hover:underline"
          >
            {address?.phone ?? order.num}
          </a>
        </dd>
      </dl>
      {order.promisedOn ? (
        <p className="font-semibold text-emerald-900">{deliveryTexts.arrivesBy(order.promisedOn)}</p>
      ) : null}
    </OrderSection>
  );
}
