import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { formatDollars } from '@pitstop/core/money';
import { orderListTexts } from '@pitstop/core/order-list-texts';
import { orderItemCount, orderPartsLabel, type Order } from '@pitstop/core/orders';
import { ResponsiveTable, RowActions, type Column } from '@/components/ui/responsive-table';
import { orderDate } from './order-date';
import { OrderNumberLink } from './order-number-link';
import { OrderParts } from './order-parts';
import { STATUS_LABELS } from './status-labels';

const statusTone: Record<Order['status'], string> = {
  awaiting_approval: 'bg-violet-100 text-violet-900',
  unpaid: 'bg-amber-100 text-amber-900',
  on_account: 'bg-cyan-100 text-cyan-900',
  paid: 'bg-blue-100 text-blue-900',
  partially_shipped: 'bg-indigo-100 text-indigo-900',
  shipped: 'bg-violet-100 text-violet-900',
  delivered: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

/** An admin may cancel an order until it leaves the shop (a paid card order is refunded). */
export function adminMayCancel(order: Pick<Order, 'status'>): boolean {
  return order.status === 'unpaid' || order.status === 'on_account' || order.status === 'paid';
}

/** An order with units still to ship: paid, on account, or partly shipped. */
export function shipsNext(order: Pick<Order, 'status'>): boolean {
  return order.status === 'paid' || order.status === 'on_account' || order.status === 'partially_shipped';
}

/** Cancelling this order gives money back through the payment provider. */
export function cancelRefunds(order: Pick<Order, 'status' | 'paymentMethod'>): boolean {
  return order.status === 'paid' && order.paymentMethod !== 'account';
}

/** Only an order that holds no money may be deleted (hidden): unpaid or cancelled. */
export function mayDelete(order: Pick<Order, 'status'>): boolean {
  return order.status === 'unpaid' || order.status === 'cancelled';
}

/** An order on account whose invoice is still open. */
export function mayMarkPaid(order: Pick<Order, 'status' | 'paid' | 'paymentMethod'>): boolean {
  return order.paymentMethod === 'account' && !order.paid && order.status !== 'cancelled';
}

/** When each step of the order happened, one line each. */
function OrderDates({ order }: { order: Order }) {
  return (
    <span className="flex flex-col text-slate-700 xl:whitespace-nowrap">
      <span>Ordered {orderDate(order.createdAt)}</span>
      {order.paidAt ? <span>Paid {orderDate(order.paidAt)}</span> : null}
      {order.shippedAt ? <span>Shipped {orderDate(order.shippedAt)}</span> : null}
      {order.deliveredAt ? <span>Delivered {orderDate(order.deliveredAt)}</span> : null}
      {order.paymentDueAt && !order.paid && order.status !== 'cancelled' ? (
        <span>Due {orderDate(order.paymentDueAt)}</span>
      ) : null}
      {order.cancelledAt ? <span>Cancelled {orderDate(order.cancelledAt)}</span> : null}
      {order.refundedAt ? <span>Refunded {orderDate(order.refundedAt)}</span> : null}
    </span>
  );
}

interface AllOrdersTableProps {
  orders: Order[];
  /** The order whose delivery is being recorded (its button shows pending). */
  pendingId: string | null;
  /** The order whose cancel is on its way. */
  cancellingId: string | null;
  /** The order being marked paid. */
  markingPaidId: string | null;
  onDeliver: (order: Order) => void;
  onCancel: (order: Order) => void;
  onMarkPaid: (order: Order) => void;
  onDelete: (order: Order) => void;
}

/**
 * All Orders (spec §2): the order's number (to its page), customer, part, quantity, total, where
 * it goes (city and state), status with its dates, with Ship and Delete (where deleting is allowed).
 * An order of several parts lists each in Part and counts all their items.
 */
export function AllOrdersTable({
  orders,
  pendingId,
  cancellingId,
  markingPaidId,
  onDeliver,
  onCancel,
  onMarkPaid,
  onDelete,
}: AllOrdersTableProps) {
  const columns: Column<Order>[] = [
    {
      header: 'Order',
      // The company's purchase order number beneath, when it has one.
      cell: (order) => (
        <span className="flex flex-col items-start gap-0.5">
          <OrderNumberLink order={order} admin />
          {order.poNumber ? (
            <span className="text-xs break-all text-slate-600">
              {approvalsTexts.poShortLine(order.poNumber)}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      header: 'Customer',
      title: true,
      cell: (order) => (
        <>
          <span className="block font-medium">{order.name}</span>
          <span className="block break-words font-normal text-slate-600">{order.email}</span>
        </>
      ),
    },
    { header: 'Part', className: 'font-medium', cell: (order) => <OrderParts order={order} /> },
    { header: 'Quantity', align: 'right', cell: (order) => orderItemCount(order) },
    {
      header: 'Total',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (order) => formatDollars(order.total),
    },
    {
      header: 'Deliver to',
      className: 'text-slate-700',
      // Orders placed before addresses were asked for have none.
      cell: (order) => (order.address ? `${order.address.city}, ${order.address.state}` : '—'),
    },
    {
      header: 'Status',
      // The status, then when each step happened (one column: beside the menu there is no room
      // for two).
      cell: (order) => (
        <div className="flex flex-col gap-1.5">
          <span className="flex flex-wrap gap-1">
            <span
              className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone[order.status]}`}
            >
              {STATUS_LABELS[order.status]}
            </span>
            {order.refundedAt ? (
              <span className="inline-block rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
                {orderListTexts.refunded}
              </span>
            ) : null}
          </span>
          <OrderDates order={order} />
        </div>
      ),
    },
    {
      header: 'Actions',
      actions: true,
      cell: (order) => {
        const pending = pendingId === order._id;
        const cancelling = cancellingId === order._id;
        const markingPaid = markingPaidId === order._id;
        const what = `order of ${orderPartsLabel(order)} for ${order.email}`;
        const refunds = cancelRefunds(order);
        return (
          <RowActions
            actions={[
              // The spec's Shipped: a parcel needs its carrier and tracking number, so it opens
              // the order's ship form. An order on account ships before its invoice is paid.
              shipsNext(order) && {
                label: 'Shipped',
                name: `Ship ${what}`,
                variant: 'primary',
                to: `/dashboard/orders/${encodeURIComponent(order.orderNumber)}#ship`,
              },
              order.status === 'shipped' && {
                label: pending ? 'Saving…' : 'Delivered',
                name: `Mark ${what} delivered`,
                disabled: pending,
                onClick: () => onDeliver(order),
              },
              mayMarkPaid(order) && {
                label: markingPaid ? orderListTexts.markingPaid : orderListTexts.markPaid,
                name: orderListTexts.markPaidName(what),
                disabled: markingPaid,
                onClick: () => onMarkPaid(order),
              },
              adminMayCancel(order) && {
                label: cancelling
                  ? orderListTexts.cancelling
                  : refunds
                    ? orderListTexts.cancelAndRefund
                    : orderListTexts.cancel,
                name: refunds ? orderListTexts.cancelAndRefundName(what) : orderListTexts.cancelName(what),
                danger: true,
                disabled: cancelling,
                onClick: () => onCancel(order),
              },
              // The spec's Delete, where the server allows it: an order that holds no money. A paid
              // or on-account order is cancelled (and refunded) instead, never deleted.
              mayDelete(order) && {
                label: 'Delete',
                name: `Delete ${what}`,
                danger: true,
                onClick: () => onDelete(order),
              },
            ]}
          />
        );
      },
    },
  ];
  return (
    <ResponsiveTable
      caption="All orders"
      rows={orders}
      rowKey={(order) => order._id}
      columns={columns}
      dense
    />
  );
}
