import { formatDollars } from '@pitstop/core/money';
import type { OrderDetail, Return, ReturnReason, ReturnStatus } from '@pitstop/core/order-detail';
import { orderDate } from '../order-date';
import { EmptyLine, OrderSection } from './order-section';

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  declined: 'Declined',
  received: 'Received',
  refunded: 'Refunded',
};

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  wrong_part: 'Wrong part',
  damaged: 'Damaged',
  not_as_described: 'Not as described',
  changed_mind: 'Changed my mind',
};

function ReturnItem({ item }: { item: Return }) {
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
      <p className="font-semibold text-slate-900">
        {item.label}
        <span className="font-normal text-slate-600">{` · ${RETURN_STATUS_LABELS[item.status]} · requested ${orderDate(item.requestedAt)}`}</span>
      </p>
      <p className="text-sm text-slate-700">
        {`Reason: ${RETURN_REASON_LABELS[item.reason]}`}
        {item.note ? ` — ${item.note}` : null}
      </p>
      {item.declineReason ? (
        <p className="text-sm text-slate-700">{`Declined: ${item.declineReason}`}</p>
      ) : null}
      <ul className="flex flex-col gap-0.5 text-sm text-slate-700">
        {item.lines.map((line) => (
          <li key={line.lineId}>
            {line.partNumber ? (
              <span className="font-mono text-slate-600">{`${line.partNumber} `}</span>
            ) : null}
            {`${line.name} × ${line.quantity}`}
          </li>
        ))}
      </ul>
      {item.refund !== null ? (
        <p className="text-sm text-slate-700">
          {`${item.status === 'refunded' ? 'Refunded' : 'Refund'}: ${formatDollars(item.refund)}`}
          {item.refundTax ? ` (tax ${formatDollars(item.refundTax)})` : null}
        </p>
      ) : null}
    </li>
  );
}

interface OrderReturnsSectionProps {
  order: OrderDetail;
  /** The admin's page (approve, decline and receive belong there; the request form on the customer's). */
  admin: boolean;
}

/** Returns: each request with its lines, status and refund. */
export function OrderReturnsSection({ order }: OrderReturnsSectionProps) {
  return (
    <OrderSection id="order-returns" title="Returns">
      {order.returns.length === 0 ? (
        <EmptyLine>No returns.</EmptyLine>
      ) : (
        <ul className="flex flex-col gap-3">
          {order.returns.map((item) => (
            <ReturnItem key={item.id} item={item} />
          ))}
        </ul>
      )}
      {order.returnableUntil ? (
        <p className="text-sm text-slate-600">{`Parts can be returned until ${orderDate(order.returnableUntil)}.`}</p>
      ) : null}
    </OrderSection>
  );
}
