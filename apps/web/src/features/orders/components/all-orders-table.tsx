import { formatDollars } from '@pitstop/core/money';
import { orderItemCount, orderPartsLabel, type Order } from '@pitstop/core/orders';
import { buttonStyles } from '@/components/ui/button-styles';
import { cellClass, ColumnHead, TableBox } from '@/components/ui/table';
import { OrderParts } from './order-parts';
import { STATUS_LABELS } from './status-labels';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function formatDate(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

const statusTone: Record<Order['status'], string> = {
  unpaid: 'bg-amber-100 text-amber-900',
  paid: 'bg-blue-100 text-blue-900',
  shipped: 'bg-violet-100 text-violet-900',
  delivered: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

interface AllOrdersTableProps {
  orders: Order[];
  /** The order whose status change is on its way (its buttons show pending). */
  pendingId: string | null;
  onShip: (order: Order) => void;
  onDeliver: (order: Order) => void;
  onDelete: (order: Order) => void;
}

/**
 * All Orders (spec §2): customer, part, quantity, total, status and dates, with Ship and Delete.
 * An order of several parts lists each in Part and counts all their items.
 */
export function AllOrdersTable({ orders, pendingId, onShip, onDeliver, onDelete }: AllOrdersTableProps) {
  return (
    <TableBox
      caption="All orders"
      minWidth="min-w-[64rem]"
      head={
        <>
          <ColumnHead>Customer</ColumnHead>
          <ColumnHead>Part</ColumnHead>
          <ColumnHead align="right">Quantity</ColumnHead>
          <ColumnHead align="right">Total</ColumnHead>
          <ColumnHead>Status</ColumnHead>
          <ColumnHead>Dates</ColumnHead>
          <ColumnHead>Actions</ColumnHead>
        </>
      }
    >
      {orders.map((order) => {
        const pending = pendingId === order._id;
        const what = `order of ${orderPartsLabel(order)} for ${order.email}`;
        return (
          <tr key={order._id}>
            <td className={cellClass}>
              <span className="block font-medium">{order.name}</span>
              <span className="block break-words text-slate-600">{order.email}</span>
            </td>
            <td className={`${cellClass} font-medium`}>
              <OrderParts order={order} />
            </td>
            <td className={`${cellClass} text-right tabular-nums`}>{orderItemCount(order)}</td>
            <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>
              {formatDollars(order.total)}
            </td>
            <td className={cellClass}>
              <span
                className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone[order.status]}`}
              >
                {STATUS_LABELS[order.status]}
              </span>
            </td>
            <td className={`${cellClass} whitespace-nowrap text-slate-700`}>
              <span className="block">Ordered {formatDate(order.createdAt)}</span>
              {order.paidAt ? <span className="block">Paid {formatDate(order.paidAt)}</span> : null}
              {order.shippedAt ? <span className="block">Shipped {formatDate(order.shippedAt)}</span> : null}
              {order.deliveredAt ? (
                <span className="block">Delivered {formatDate(order.deliveredAt)}</span>
              ) : null}
            </td>
            <td className={cellClass}>
              <div className="flex flex-wrap gap-2">
                {order.status === 'paid' ? (
                  <button
                    type="button"
                    aria-label={`Ship ${what}`}
                    className={buttonStyles('primary', 'sm')}
                    disabled={pending}
                    onClick={() => onShip(order)}
                  >
                    {pending ? 'Shipping…' : 'Shipped'}
                  </button>
                ) : null}
                {order.status === 'shipped' ? (
                  <button
                    type="button"
                    aria-label={`Mark ${what} delivered`}
                    className={buttonStyles('secondary', 'sm')}
                    disabled={pending}
                    onClick={() => onDeliver(order)}
                  >
                    {pending ? 'Saving…' : 'Delivered'}
                  </button>
                ) : null}
                <button
                  type="button"
                  aria-label={`Delete ${what}`}
                  className={buttonStyles('secondary', 'sm', 'text-red-700')}
                  onClick={() => onDelete(order)}
                >
                  Delete
                </button>
              </div>
            </td>
          </tr>
        );
      })}
    </TableBox>
  );
}
