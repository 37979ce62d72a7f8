import { Elements } from '@stripe/react-stripe-js';
import { useEffect, useMemo, useState } from 'react';
import { loadStripeOnce } from '@/lib/load-stripe';
import { PaymentIntentGate } from './payment-intent-gate';
import { StripeUnavailable } from './payment-ui';
import { StripeCardForm } from './stripe-card-form';

export interface StripePaymentProps {
  orderId: string;
  /** The billing name Stripe gets: the part name (spec §7). */
  billingName: string;
  publishableKey: string;
  onPaid: (transactionId: string) => void;
  onRefused: (message: string) => void;
  /** A 1-Click order the bank wants confirmed: offer confirming the saved card on the intent. */
  authenticate?: boolean;
}

/**
 * Pay by card with Stripe Elements (DESIGN §5). This module is loaded only when the provider is
 * Stripe; Stripe.js loads alongside the payment intent, and Pay waits for both.
 */
export function StripePayment({
  orderId,
  billingName,
  publishableKey,
  onPaid,
  onRefused,
  authenticate = false,
}: StripePaymentProps) {
  const stripePromise = useMemo(() => loadStripeOnce(publishableKey), [publishableKey]);
  const [unavailable, setUnavailable] = useState(false);
  const [saveCard, setSaveCard] = useState(false);

  useEffect(() => {
    let active = true;
    void stripePromise.then((stripe) => {
      if (active) setUnavailable(stripe === null);
    });
    return () => {
      active = false;
    };
  }, [stripePromise]);

  if (unavailable) return <StripeUnavailable />;

  return (
    <PaymentIntentGate orderId={orderId} saveCard={saveCard}>
      {(clientSecret) => (
        <Elements stripe={stripePromise}>
          <StripeCardForm
            orderId={orderId}
            billingName={billingName}
            clientSecret={clientSecret}
            onPaid={onPaid}
            onRefused={onRefused}
            saveCard={saveCard}
            authenticate={authenticate}
            onSaveCardChange={setSaveCard}
          />
        </Elements>
      )}
    </PaymentIntentGate>
  );
}
