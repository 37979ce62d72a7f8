import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import type { CheckoutResult } from '@pitstop/core/checkout';
import { deliveryTexts } from '@pitstop/core/delivery-texts';
import { formatDollars } from '@pitstop/core/money';
import { receiptTexts } from '@pitstop/core/receipt-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { orderDate } from './order-date';

interface PlacedOnAccountProps {
  result: Pick<CheckoutResult, 'orderNumber' | 'total' | 'paymentDueAt' | 'promisedOn'>;
  /** Move the focus here when shown: the form it replaces (and its button) is gone. */
  focusOnShow?: boolean;
}

/**
 * The end of an order placed on account (net 30), from the checkout or the part page: there is
 * nothing to pay now, so it says so, with the order's number, the invoice's due date, what happens
 * next and the order's page.
 */
export function PlacedOnAccount({ result, focusOnShow = false }: PlacedOnAccountProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus is the page's, outside React's state: set once when this appears.
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);
  const { orderNumber } = result;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-start gap-3 rounded-2xl border border-green-200 bg-green-50 p-5 text-slate-800 sm:p-6"
    >
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-bold text-green-900">
        {receiptTexts.isPlacedOnAccount(orderNumber)}
      </h2>
      {result.paymentDueAt ? (
        <p>{receiptTexts.invoiceDue(formatDollars(result.total), orderDate(result.paymentDueAt))}</p>
      ) : null}
      {result.promisedOn ? (
        <p className="font-semibold">{deliveryTexts.arrivesBy(result.promisedOn)}</p>
      ) : null}
      <p>{receiptTexts.whatNext}</p>
      <Link to={`/order/${orderNumber}`} className={buttonStyles('secondary', 'md')}>
        {receiptTexts.viewOrder(orderNumber)}
      </Link>
    </section>
  );
}
