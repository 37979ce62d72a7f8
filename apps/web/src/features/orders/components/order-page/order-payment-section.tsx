import { formatDollars } from '@pitstop/core/money';
import type { OrderDetail, Refund } from '@pitstop/core/order-detail';
import { orderPageTexts as t } from '@pitstop/core/order-page-texts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { clockTime } from '@/lib/clock-time';
import { orderDate } from '../order-date';
import { EmptyLine } from './order-section';
import { OrderSection } from './order-section';

/** Whether it is paid, when, and what is still owed (or how to pay). */
function paymentState(order: OrderDetail): string {
  if (order.paidAt) return t.paidOn(orderDate(order.paidAt));
  if (order.paymentDueAt) return t.invoiceDue(orderDate(order.paymentDueAt));
  return t.notPaid;
}

function RefundItem({ refund }: { refund: Refund }) {
  const why = refund.returnLabel ? t.refundFor(refund.returnLabel) : t.refundOfOrder;
  const how = refund.method === 'card' ? t.refundToCard : t.refundOnAccount;
  return (
    <li className="flex flex-col">
      <span>
        <span className="font-semibold tabular-nums">{formatDollars(refund.amount)}</span>
        {` ${how}, ${why} · ${orderDate(refund.createdAt)}`}
      </span>
      {refund.providerRefundId ? (
        <span className="font-mono text-xs break-all text-slate-600">
          {t.providerRefund(refund.providerRefundId)}
        </span>
      ) : null}
    </li>
  );
}

interface OrderPaymentSectionProps {
  order: OrderDetail;
  admin: boolean;
  /** What the customer may do about the payment besides paying (a 1-Click order's Cancel and refund). */
  children?: ReactNode;
}

/** How it was paid: card or account, the transaction, and every refund. */
export function OrderPaymentSection({ order, admin, children }: OrderPaymentSectionProps) {
  const canPay = !admin && order.status === 'unpaid' && !order.deletedAt;
  return (
    <OrderSection id="order-payment" title={t.paymentHeading}>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-600">{t.method}</dt>
        <dd>{order.paymentMethod === 'account' ? t.onAccount : t.byCard}</dd>
        <dt className="font-semibold text-slate-600">{t.status}</dt>
        <dd>{paymentState(order)}</dd>
        {order.transactionId ? (
          <>
            <dt className="font-semibold text-slate-600">{t.transactionId}</dt>
            <dd className="font-mono break-all">{order.transactionId}</dd>
          </>
        ) : null}
      </dl>
      {canPay ? (
        <div className="flex flex-col items-start gap-1">
          <Link to={`/payment/${encodeURIComponent(order._id)}`} className={buttonStyles('primary', 'md')}>
            {t.payNow}
          </Link>
          {order.expiresAt ? (
            <span className="text-sm text-slate-600">{t.payBy(clockTime(order.expiresAt))}</span>
          ) : null}
        </div>
      ) : null}
      {children}
      <h3 className="text-base font-semibold text-slate-900">{t.refundsHeading}</h3>
      {order.refunds.length === 0 ? (
        <EmptyLine>{t.noRefunds}</EmptyLine>
      ) : (
        <ul className="flex flex-col gap-2 text-sm text-slate-800">
          {order.refunds.map((refund) => (
            <RefundItem key={refund.id} refund={refund} />
          ))}
        </ul>
      )}
    </OrderSection>
  );
}
