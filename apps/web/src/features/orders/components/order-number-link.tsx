import type { Order } from '@pitstop/core/orders';
import { Link } from 'react-router';

/**
 * An order's number leading to its page: the customer's (/order/PS-…) or, with `admin`, the
 * dashboard's. An order from before numbers has none to show.
 */
export function OrderNumberLink({
  order,
  admin = false,
}: {
  order: Pick<Order, 'orderNumber'>;
  admin?: boolean;
}) {
  if (!order.orderNumber) return <>—</>;
  const number = encodeURIComponent(order.orderNumber);
  return (
    <Link
      to={admin ? `/dashboard/orders/${number}` : `/order/${number}`}
      // A finger-sized target (44 px tall), like every other action in a row.
      className="inline-flex min-h-11 items-center font-semibold whitespace-nowrap text-red-700 underline underline-offset-2 hover:text-red-800"
    >
      {order.orderNumber}
    </Link>
  );
}
