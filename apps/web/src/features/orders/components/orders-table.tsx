import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { formatDollars } from '@pitstop/core/money';
import { orderListTexts } from '@pitstop/core/order-list-texts';
import { orderItemCount, orderPartsLabel, type Order } from '@pitstop/core/orders';
import { REVIEWABLE_ORDER_STATUSES } from '@pitstop/core/reviews';
import { Link } from 'react-router';
import { ResponsiveTable, rowActionClass, RowActions, type Column } from '@/components/ui/responsive-table';
import { clockTime } from '@/lib/clock-time';
import { orderDate } from './order-date';
import { OrderNumberLink } from './order-number-link';
import { OrderParts } from './order-parts';
import { OrderShipmentList } from './order-shipment-list';
import { STATUS_LABELS } from './status-labels';

export function reviewHref(order: Pick<Order, '_id' | 'productId'>): string {
  const search = new URLSearchParams({ order: order._id });
  if (order.productId) search.set('part', order.productId);
  return `/addreview?${search.toString()}`;
}

/**
 * Review: one link for an order of one part (the spec's), one per part for an order of several;
 * offered once the order is paid or delivered (the server refuses reviews of anything else).
 */
function ReviewLinks({ order }: { order: Order }) {
  if (!(REVIEWABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) {
    return <span className="text-sm text-slate-500">{orderListTexts.reviewAfterPayment}</span>;
  }
  const links =
    order.lines.length <= 1
      ? [{ name: order.parts, href: reviewHref(order) }]
      : order.lines.map((line) => ({
          name: line.name,
          href: reviewHref({ _id: order._id, productId: line.partId }),
        }));
  return (
    <RowActions
      actions={links.map((link) => ({ label: 'Review', name: `Review ${link.name}`, to: link.href }))}
    />
  );
}

function PaymentStatus({ order }: { order: Order }) {
  if (order.status === 'unpaid') {
    return (
      <div className="flex flex-col items-start gap-1 max-xl:items-stretch">
        <Link
          to={`/payment/${encodeURIComponent(order._id)}`}
          aria-label={`Make Payment for order of ${orderPartsLabel(order)}`}
          className={rowActionClass('primary')}
        >
          Make Payment
        </Link>
        {order.expiresAt ? (
          <span className="text-xs text-slate-600">Pay by {clockTime(order.expiresAt)}</span>
        ) : null}
      </div>
    );
  }
  if (order.status === 'cancelled' && order.cancelReason === 'declined') {
    return <span className="text-slate-600">{approvalsTexts.declinedShort}</span>;
  }
  if (order.status === 'cancelled' && order.cancelReason === 'expired') {
    return <span className="text-slate-600">Cancelled: not paid in time</span>;
  }
  if (order.status === 'cancelled') {
    return (
      <span className="text-slate-600">
        {STATUS_LABELS.cancelled}
        {order.refundedAt ? ` · ${orderListTexts.refunded}` : null}
      </span>
    );
  }
  // Net 30: nothing to pay by card; the invoice is due by the date.
  if (order.status === 'on_account') {
    return (
      <span className="text-slate-700">
        {order.paymentDueAt
          ? orderListTexts.onAccountDue(orderDate(order.paymentDueAt))
          : orderListTexts.onAccount}
      </span>
    );
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

/** A customer may cancel an order nobody has paid by card yet and that has not shipped. */
export function customerMayCancel(order: Pick<Order, 'status'>): boolean {
  return order.status === 'unpaid' || order.status === 'on_account' || order.status === 'awaiting_approval';
}

interface OrdersTableProps {
  orders: Order[];
  onDelete: (order: Order) => void;
  onCancel: (order: Order) => void;
  /** The order whose cancel is on its way (its button shows pending). */
  cancellingId: string | null;
}

/**
 * My Orders (spec §2): the order's number (to its page) and date, then the spec's Email, Name
 * (the part), Quantity, Total, Status (pay or paid), Status (delete) and Add Review. An order of
 * several parts lists each in Name and counts all their items. A card per order on a phone, the
 * part first.
 */
export function OrdersTable({ orders, onDelete, onCancel, cancellingId }: OrdersTableProps) {
  const columns: Column<Order>[] = [
    {
      header: 'Order',
      className: 'whitespace-nowrap',
      // The number (to the order's page) with the date it was placed beneath: one narrow column.
      cell: (order) => (
        <span className="flex flex-col items-start gap-0.5">
          <OrderNumberLink order={order} />
          <time dateTime={order.createdAt} className="text-slate-700">
            {orderDate(order.createdAt)}
          </time>
          {order.poNumber ? (
            <span className="text-xs break-all whitespace-normal text-slate-600">
              {approvalsTexts.poShortLine(order.poNumber)}
            </span>
          ) : null}
        </span>
      ),
    },
    { header: 'Email', className: 'break-words text-slate-700', cell: (order) => order.email },
    { header: 'Name', title: true, className: 'font-medium', cell: (order) => <OrderParts order={order} /> },
    { header: 'Quantity', align: 'right', cell: (order) => orderItemCount(order) },
    {
      header: 'Total',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (order) => formatDollars(order.total),
    },
    {
      header: (
        <>
          Status<span className="sr-only"> (payment)</span>
        </>
      ),
      label: 'Status',
      // What was paid, then what has shipped: each parcel with its tracking link.
      cell: (order) => (
        <>
          <PaymentStatus order={order} />
          <OrderShipmentList order={order} />
        </>
      ),
    },
    {
      header: (
        <>
          Status<span className="sr-only"> (delete)</span>
        </>
      ),
      actions: true,
      cell: (order) => (
        <RowActions
          actions={[
            customerMayCancel(order) && {
              label: cancellingId === order._id ? orderListTexts.cancelling : orderListTexts.cancel,
              name: orderListTexts.cancelName(`order of ${orderPartsLabel(order)}`),
              danger: true,
              disabled: cancellingId === order._id,
              onClick: () => onCancel(order),
            },
            order.status === 'unpaid' && {
              label: 'Delete',
              name: `Delete order of ${orderPartsLabel(order)}`,
              danger: true,
              onClick: () => onDelete(order),
            },
          ]}
        />
      ),
    },
    { header: 'Add Review', actions: true, cell: (order) => <ReviewLinks order={order} /> },
  ];
  return (
    <ResponsiveTable caption="Your orders" rows={orders} rowKey={(order) => order._id} columns={columns} />
  );
}
