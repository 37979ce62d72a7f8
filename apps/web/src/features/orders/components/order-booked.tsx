import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { CheckoutResult } from '@pitstop/core/checkout';
import { messages } from '@pitstop/core/messages';
import { formatDollars } from '@pitstop/core/money';
import { receiptTexts } from '@pitstop/core/receipt-texts';
import { deliveryTexts } from '@pitstop/core/delivery-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { clockTime } from '@/lib/clock-time';
import { PlacedOnAccount } from './placed-on-account';

/**
 * What the part page's order form says once the order is placed: the spec's 'Your Order is
 * Booked!!!!', then its number and how to go on — pay now by card before the hold runs out, or
 * nothing to pay (on account). The focus moves to that next step, since the form just emptied
 * (and so disabled) Place Order.
 */
export function OrderBooked({ result }: { result: CheckoutResult }) {
  const payNow = useRef<HTMLAnchorElement>(null);
  const byCard = result.paymentMethod === 'card';
  // Focus is the page's, outside React's state: moved once, when the booking is shown.
  useEffect(() => {
    if (byCard) payNow.current?.focus();
  }, [byCard, result.insertedId]);

  return (
    <>
      <p className="font-semibold text-green-800">{messages.orderBooked}</p>
      {byCard ? (
        <div className="flex flex-col items-start gap-3 text-slate-800">
          <p>
            {receiptTexts.orderNumberIs(result.orderNumber)}{' '}
            {receiptTexts.totalIs(formatDollars(result.total))}
            {result.expiresAt ? ` ${receiptTexts.payBy(clockTime(result.expiresAt))}` : ''}
          </p>
          {result.promisedOn ? (
            <p className="font-semibold">{deliveryTexts.arrivesBy(result.promisedOn)}</p>
          ) : null}
          <Link
            ref={payNow}
            to={`/payment/${encodeURIComponent(result.insertedId)}`}
            aria-label={receiptTexts.payNowLabel(result.orderNumber)}
            className={buttonStyles('primary', 'md')}
          >
            {receiptTexts.payNow}
          </Link>
        </div>
      ) : (
        <PlacedOnAccount key={result.insertedId} result={result} focusOnShow />
      )}
    </>
  );
}
