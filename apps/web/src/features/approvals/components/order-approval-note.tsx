import { approvalsTexts } from '@pitstop/core/approvals-texts';
import type { OrderDetail } from '@pitstop/core/order-detail';

/**
 * On an order's page: its purchase order number, and for the buyer why it waits (over their
 * limit, held meanwhile) or why their company declined it (the approver's reason, from the
 * timeline).
 */
export function OrderApprovalNote({ order, admin }: { order: OrderDetail; admin: boolean }) {
  const declined =
    order.status === 'cancelled' && order.cancelReason === 'declined'
      ? order.events.findLast((event) => event.kind === 'declined')
      : undefined;
  const reason = declined?.detail.replace(/^Declined: /, '');
  return (
    <>
      {order.poNumber ? (
        <p className="text-slate-700">
          <span className="font-semibold">{approvalsTexts.poLabel}:</span>{' '}
          <span className="break-all">{order.poNumber}</span>
        </p>
      ) : null}
      {!admin && order.status === 'awaiting_approval' ? (
        <p role="note" className="rounded-xl border border-violet-200 bg-violet-50 px-4 py-3 text-violet-950">
          {approvalsTexts.awaitingExplanation}
        </p>
      ) : null}
      {!admin && reason ? (
        <p role="note" className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-slate-800">
          {approvalsTexts.declinedExplanation(reason)}
        </p>
      ) : null}
    </>
  );
}
