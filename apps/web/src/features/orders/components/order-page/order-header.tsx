import type { OrderDetail } from '@pitstop/core/order-detail';
import { orderPageTexts } from '@pitstop/core/order-page-texts';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { OrderApprovalNote } from '@/features/approvals/components/order-approval-note';
import { orderDate } from '../order-date';
import { STATUS_LABELS } from '../status-labels';

/** Each status's badge colours: waiting (amber), under way (blue), done (green), stopped (grey). */
const STATUS_TONE: Record<OrderDetail['status'], string> = {
  awaiting_approval: 'border-violet-300 bg-violet-50 text-violet-900',
  unpaid: 'border-amber-300 bg-amber-50 text-amber-900',
  on_account: 'border-sky-300 bg-sky-50 text-sky-900',
  paid: 'border-sky-300 bg-sky-50 text-sky-900',
  partially_shipped: 'border-sky-300 bg-sky-50 text-sky-900',
  shipped: 'border-green-300 bg-green-50 text-green-900',
  delivered: 'border-green-300 bg-green-50 text-green-900',
  cancelled: 'border-slate-300 bg-slate-100 text-slate-800',
};

interface OrderHeaderProps {
  order: OrderDetail;
  admin: boolean;
}

/** The page's title: the number, when it was placed, its status; for admins whose it is and the slip. */
export function OrderHeader({ order, admin }: OrderHeaderProps) {
  return (
    <header className="flex flex-col gap-4">
      <Link
        to={admin ? '/dashboard/allorders' : '/order'}
        className="self-start text-sm font-semibold text-red-700 underline-offset-2 hover:underline"
      >
        {`← ${admin ? orderPageTexts.backToAllOrders : orderPageTexts.backToMyOrders}`}
      </Link>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start sm:justify-between">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {orderPageTexts.title(order.orderNumber)}
          </h1>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-2 text-slate-700">
            <span>{orderPageTexts.placedOn(orderDate(order.createdAt))}</span>
            <span
              className={`rounded-full border px-3 py-0.5 text-sm font-semibold ${STATUS_TONE[order.status]}`}
            >
              {STATUS_LABELS[order.status]}
            </span>
          </p>
          {admin ? (
            <p className="text-slate-700">
              {`${orderPageTexts.customer}: ${order.name} · `}
              <a
                href={`mailto:${order.email}`}
                className="break-all text-red-700 underline underline-offset-2"
              >
                {order.email}
              </a>
            </p>
          ) : null}
        </div>
        {admin ? (
          <button
            type="button"
            className={buttonStyles('secondary', 'md', 'self-start')}
            onClick={() => window.print()}
          >
            {orderPageTexts.printSlip}
          </button>
        ) : null}
      </div>
      <OrderApprovalNote order={order} admin={admin} />
      {order.deletedAt ? (
        <p role="note" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
          {orderPageTexts.deleted(orderDate(order.deletedAt))}
        </p>
      ) : null}
    </header>
  );
}
