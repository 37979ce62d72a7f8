import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementOptions } from '@stripe/stripe-js';
import { savedCardTexts } from '@pitstop/core/saved-cards';
import { useId, useState } from 'react';
import { CheckboxField } from '@/components/ordering/card-fields';
import { payErrorText } from '../utils/pay-error-text';
import { PayButton, PaymentAlert, STRIPE_UNAVAILABLE } from './payment-ui';
import { FinishPayment, usePaymentRecorder } from './record-payment';

// The card element draws inside Stripe's iframe, so it takes colours rather than classes
// (slate-900 text, slate-500 placeholder, red-700 when invalid, as the other inputs).
const CARD_OPTIONS: StripeCardElementOptions = {
  style: {
    base: { color: '#0f172a', fontSize: '16px', '::placeholder': { color: '#64748b' } },
    invalid: { color: '#b91c1c', iconColor: '#b91c1c' },
  },
};

const cardFieldClass =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3.5 py-3 shadow-sm [&.StripeElement--focus]:border-red-600 [&.StripeElement--focus]:ring-2 [&.StripeElement--focus]:ring-red-600/30 [&.StripeElement--invalid]:border-red-600';

interface StripeCardFormProps {
  orderId: string;
  billingName: string;
  /** Undefined until the payment intent has been created; Pay stays disabled until then. */
  clientSecret: string | undefined;
  onPaid: (transactionId: string) => void;
  onRefused: (message: string) => void;
  /** "Save this card for next time": the intent is made again with it when it changes. */
  saveCard: boolean;
  onSaveCardChange: (saveCard: boolean) => void;
}

/**
 * Stripe's card element (type card) and Pay. Card data never touches this app: it stays in
 * Stripe's iframe, and confirmCardPayment sends it to Stripe directly.
 */
export function StripeCardForm({
  orderId,
  billingName,
  clientSecret,
  onPaid,
  onRefused,
  saveCard,
  onSaveCardChange,
}: StripeCardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const recorder = usePaymentRecorder(orderId, onPaid, onRefused);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();

  if (recorder.unrecorded) {
    return (
      <FinishPayment {...recorder.unrecorded} recording={recorder.recording} onFinish={recorder.record} />
    );
  }

  async function pay() {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret || paying) return;
    setPaying(true);
    setError(null);
    try {
      const { error: payError, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: billingName } },
      });
      if (payError) {
        // The provider's own words, e.g. 'Your card was declined.' (spec §8).
        setError(payError.message ?? payErrorText(payError));
      } else if (paymentIntent.status === 'succeeded') {
        await recorder.record(paymentIntent.id);
      } else {
        setError('The payment was not completed. Please try again.');
      }
    } catch (unexpected) {
      setError(payErrorText(unexpected));
    } finally {
      setPaying(false);
    }
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      <div role="group" aria-labelledby={labelId} className="flex flex-col gap-1.5">
        <span id={labelId} className="text-sm font-semibold text-slate-800">
          Card details
        </span>
        <CardElement
          className={cardFieldClass}
          options={{ ...CARD_OPTIONS, disabled: paying }}
          // Stripe's own validation ('Your card number is incomplete.'), shown like a decline.
          onChange={(event) => setError(event.error?.message ?? null)}
          onLoadError={() => setError(STRIPE_UNAVAILABLE)}
        />
      </div>
      <CheckboxField
        label={savedCardTexts.saveThisCard}
        checked={saveCard}
        onChange={onSaveCardChange}
        disabled={paying}
      />
      {error ? <PaymentAlert>{error}</PaymentAlert> : null}
      <PayButton ready={Boolean(stripe && elements && clientSecret)} paying={paying} />
    </form>
  );
}
