import { formatDollars } from '@pitstop/core/money';
import { orderItemCount, orderPartsLabel, type Order } from '@pitstop/core/orders';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { clockTime } from '@/lib/clock-time';
import { OrderParts } from './order-parts';
import { STATUS_LABELS } from './status-labels';

const cellClass = 'border-b border-slate-200 px-4 py-3 align-middle';
const headClass = `${cellClass} whitespace-nowrap font-semibold`;

export function reviewHref(order: Pick<Order, '_id' | 'productId'>): string {
  const search = new URLSearchParams({ order: order._id });
  if (order.productId) search.set('part', order.productId);
  return `/addreview?${search.toString()}`;
}

/** Review: one link for an order of one part (the spec's), one per part for an order of several. */
function ReviewLinks({ order }: { order: Order }) {
  const links =
    order.lines.length <= 1
      ? [{ name: order.parts, href: reviewHref(order) }]
      : order.lines.map((line) => ({
          name: line.name,
          href: reviewHref({ _id: order._id, productId: line.partId }),
        }));
  return (
    <div className="flex flex-col items-start gap-1.5">
      {links.map((link) => (
        <Link
          key={link.href}
          to={link.href}
          aria-label={`Review ${link.name}`}
          className={buttonStyles('secondary', 'sm')}
        >
          Review
        </Link>
      ))}
    </div>
  );
}

function PaymentStatus({ order }: { order: Order }) {
  if (order.status === 'unpaid') {
    return (
      <div className="flex flex-col items-start gap-1">
        <Link
          to={`/payment/${encodeURIComponent(order._id)}`}
          aria-label={`Make Payment for order of ${orderPartsLabel(order)}`}
          className={buttonStyles('primary', 'sm', 'whitespace-nowrap')}
        >
          Make Payment
        </Link>
        {order.expiresAt ? (
          <span className="text-xs text-slate-600">Pay by {clockTime(order.expiresAt)}</span>
        ) : null}
      </div>
    );
  }
  if (order.status === 'cancelled' && order.cancelReason === 'expired') {
    return <span className="text-slate-600">Cancelled: not paid in time</span>;
  }
  if (!order.paid) return <span className="text-slate-600">{STATUS_LABELS[order.status]}</span>;
  return (
    <div className="flex flex-col gap-0.5">
      <span className="font-semibold text-green-800">
        Paid
        {order.status !== 'paid' ? (
          <span className="font-normal text-slate-600"> · {STATUS_LABELS[order.status]}</span>
        ) : null}
      </span>
      {order.transactionId ? (
        <span className="text-xs text-slate-600">
          Transaction id: <span className="font-mono break-all text-slate-800">{order.transactionId}</span>
        </span>
      ) : null}
    </div>
  );
}

interface OrdersTableProps {
  orders: Order[];
  onDelete: (order: Order) => void;
}

/**
 * My Orders (spec §2): Email, Name (the part), Quantity, Total, Status (pay or paid), Status
 * (delete) and Add Review. An order of several parts lists each in Name and counts all their
 * items. Wide, so it scrolls inside its own box on small screens.
 */
export function OrdersTable({ orders, onDelete }: OrdersTableProps) {
  return (
    // relative: the sr-only texts in the header are absolutely placed; without a positioned
    // ancestor they escape this scroller and widen the page on small screens.
    <div className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[56rem] border-collapse text-left text-sm">
        <caption className="sr-only">Your orders</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={headClass}>
              Email
            </th>
            <th scope="col" className={headClass}>
              Name
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              Quantity
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              Total
            </th>
            <th scope="col" className={headClass}>
              Status<span className="sr-only"> (payment)</span>
            </th>
            <th scope="col" className={headClass}>
              Status<span className="sr-only"> (delete)</span>
            </th>
            <th scope="col" className={headClass}>
              Add Review
            </th>
          </tr>
        </thead>
        <tbody className="text-slate-900">
          {orders.map((order) => (
            <tr key={order._id} className="last:[&>*]:border-b-0">
              <td className={`${cellClass} break-all text-slate-700`}>{order.email}</td>
              <td className={`${cellClass} font-medium`}>
                <OrderParts order={order} />
              </td>
              <td className={`${cellClass} text-right tabular-nums`}>{orderItemCount(order)}</td>
              <td className={`${cellClass} text-right tabular-nums whitespace-nowrap`}>
                {formatDollars(order.total)}
              </td>
              <td className={cellClass}>
                <PaymentStatus order={order} />
              </td>
              <td className={cellClass}>
                {order.status === 'unpaid' ? (
                  <button
                    type="button"
                    aria-label={`Delete order of ${orderPartsLabel(order)}`}
                    className={buttonStyles('secondary', 'sm', 'text-red-700')}
                    onClick={() => onDelete(order)}
                  >
                    Delete
                  </button>
                ) : null}
              </td>
              <td className={cellClass}>
                <ReviewLinks order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
