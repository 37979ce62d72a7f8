import type { ReactNode } from 'react';
import { QueryError } from '@/components/ui/query-error';
import { isApiError } from '@/lib/api-client';
import { usePaymentIntent } from '../api/create-payment-intent';
import { MyOrdersLink, PaymentAlert } from './payment-ui';

interface PaymentIntentGateProps {
  orderId: string;
  /** Stripe: the intent keeps the card for next time ("Save this card", ticked). */
  saveCard?: boolean;
  /** The card form, given the client secret: undefined until the intent exists (Pay stays disabled). */
  children: (clientSecret: string | undefined) => ReactNode;
}

/**
 * Creates the order's payment intent (POST /api/create-payment-intent) for either provider's card
 * form, and stands in for the form when that fails.
 */
export function PaymentIntentGate({ orderId, saveCard = false, children }: PaymentIntentGateProps) {
  const intent = usePaymentIntent(orderId, saveCard);
  // 409: the order was paid meanwhile (another tab, say).
  const alreadyPaid = isApiError(intent.error) && intent.error.status === 409 ? intent.error : null;

  if (alreadyPaid) {
    return (
      <div className="flex flex-col gap-3">
        <PaymentAlert>{alreadyPaid.message || 'This order has already been paid.'}</PaymentAlert>
        <MyOrdersLink />
      </div>
    );
  }
  if (intent.isError) {
    return <QueryError onRetry={() => void intent.refetch()} retrying={intent.isFetching} />;
  }
  return <>{children(intent.data)}</>;
}
