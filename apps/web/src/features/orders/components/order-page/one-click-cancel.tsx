import { formatDollars } from '@pitstop/core/money';
import { oneClickTexts } from '@pitstop/core/one-click';
import { orderListTexts } from '@pitstop/core/order-list-texts';
import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { problemText } from '@/lib/error-text';
import { useCancelOrder } from '../../api/cancel-order';
import type { OrderPageContext } from './order-page-context';

/**
 * "Cancel and refund" on a customer's own 1-Click order (issue #28, item 5): until it ships, one
 * click (and a confirm) cancels it and gives the whole amount back to the card; then it says so.
 */
export function OneClickCancel({ order, refresh }: OrderPageContext) {
  const cancel = useCancelOrder();
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const cancellable = order.oneClick === true && order.status === 'paid' && order.shipments.length === 0;

  if (!cancellable && !done) return null;
  return (
    <div className="flex flex-col items-start gap-2">
      <p role="status" className={done ? 'font-semibold text-green-800' : 'sr-only'}>
        {done ?? ''}
      </p>
      {cancellable && !done ? (
        <button
          type="button"
          className={buttonStyles('secondary', 'md', 'text-red-700')}
          disabled={cancel.isPending}
          onClick={() => {
            if (!window.confirm(oneClickTexts.confirmCancel)) return;
            setFailed(null);
            cancel.mutate(order, {
              onSuccess: (updated) => {
                setDone(oneClickTexts.cancelled(formatDollars(updated.refunded || order.total)));
                void refresh();
              },
              onError: (error) => setFailed(problemText(error, orderListTexts.tryAgain)),
            });
          }}
        >
          {cancel.isPending ? oneClickTexts.cancelling : oneClickTexts.cancelAndRefund}
        </button>
      ) : null}
      {failed ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failed}
        </p>
      ) : null}
    </div>
  );
}
