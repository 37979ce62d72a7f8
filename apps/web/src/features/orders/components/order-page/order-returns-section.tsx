import { useId, useState, type ReactNode } from 'react';
import { formatDollars } from '@pitstop/core/money';
import type { OrderDetail, Return } from '@pitstop/core/order-detail';
import { RETURN_REASON_LABELS, RETURN_STATUS_LABELS } from '@pitstop/core/return-policy';
import { returnFormTexts, returnItemTexts } from '@pitstop/core/return-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { StatusNotice } from '@/components/ui/notice';
import { PhotoLinks } from '@/components/ui/photo-links';
import { orderDate } from '../order-date';
import { EmptyLine, OrderSection } from './order-section';

function ReturnItem({ item, actions }: { item: Return; actions: ReactNode }) {
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
      <p className="font-semibold text-slate-900">
        {item.label}
        <span className="font-normal text-slate-600">{` · ${RETURN_STATUS_LABELS[item.status]} · ${returnItemTexts.requestedOn(orderDate(item.requestedAt))}`}</span>
      </p>
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
      <p className="text-sm text-slate-700">
        {`${returnItemTexts.reason}: ${RETURN_REASON_LABELS[item.reason]}`}
        {item.note ? ` — ${item.note}` : null}
      </p>
      <PhotoLinks urls={item.photos} />
      {item.declineReason ? (
        <p className="text-sm text-slate-700">{`${returnItemTexts.declined}: ${item.declineReason}`}</p>
      ) : null}
      {item.refund !== null ? (
        <p className="text-sm text-slate-700">
          {returnItemTexts.refundLine(item.status, formatDollars(item.refund))}
          {item.refundTax ? ` (${returnItemTexts.refundTax(formatDollars(item.refundTax))})` : null}
          {item.restocked === null
            ? null
            : ` · ${item.restocked ? returnItemTexts.restocked : returnItemTexts.notRestocked}`}
        </p>
      ) : null}
      {actions}
    </li>
  );
}

interface OrderReturnsSectionProps {
  order: OrderDetail;
  /** The admin's page (approve, decline and receive belong there; the request form on the customer's). */
  admin: boolean;
  /**
   * The customer's request form (the returns feature's), offered while the order can be returned;
   * it calls `done` with the new return, which closes it and says so.
   */
  renderRequestForm?: (done: (item: Return) => void) => ReactNode;
  /** An admin's actions on one return (the returns feature's); `done` announces what they did. */
  renderActions?: (item: Return, done: (message: string) => void) => ReactNode;
}

/**
 * Returns: each request with its lines, status, decline reason and refund; on the customer's page
 * a "Return parts" form while the return window is open, on the admin's the actions a return's
 * status allows. The forms come from the returns feature through the screen that composes both.
 */
export function OrderReturnsSection({
  order,
  admin,
  renderRequestForm,
  renderActions,
}: OrderReturnsSectionProps) {
  const formId = useId();
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const canAsk = !admin && order.returnableUntil !== null && renderRequestForm !== undefined;

  // An admin's action: its buttons are gone with the status they belonged to, so focus goes to
  // the sentence saying what was done.
  function acted(message: string) {
    setNotice(message);
    document.getElementById(`${formId}-notice`)?.focus();
  }

  function requested(item: Return) {
    setAsking(false);
    setNotice(returnFormTexts.requested(item.label));
    // The form (and the button just pressed) goes: focus stays in the section, on its toggle.
    document.getElementById(`${formId}-toggle`)?.focus();
  }

  return (
    <OrderSection id="order-returns" title="Returns">
      <div id={`${formId}-notice`} tabIndex={-1} className="outline-none">
        <StatusNotice message={notice} />
      </div>
      {order.returns.length === 0 ? (
        <EmptyLine>{returnItemTexts.noReturns}</EmptyLine>
      ) : (
        <ul className="flex flex-col gap-3">
          {order.returns.map((item) => (
            <ReturnItem
              key={item.id}
              item={item}
              actions={admin && renderActions ? renderActions(item, acted) : null}
            />
          ))}
        </ul>
      )}
      {order.returnableUntil ? (
        <p className="text-sm text-slate-600">
          {returnItemTexts.returnableUntil(orderDate(order.returnableUntil))}
        </p>
      ) : null}
      {canAsk ? (
        <div className="flex flex-col gap-3">
          <div>
            <button
              id={`${formId}-toggle`}
              type="button"
              aria-expanded={asking}
              aria-controls={formId}
              className={buttonStyles(asking ? 'secondary' : 'primary', 'md')}
              onClick={() => {
                setNotice(null);
                setAsking((open) => !open);
              }}
            >
              {asking ? returnFormTexts.close : returnFormTexts.open}
            </button>
          </div>
          <div id={formId} hidden={!asking}>
            {asking ? renderRequestForm(requested) : null}
          </div>
        </div>
      ) : null}
    </OrderSection>
  );
}
