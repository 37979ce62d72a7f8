import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementOptions } from '@stripe/stripe-js';
import { oneClickTexts } from '@pitstop/core/one-click';
import { savedCardTexts } from '@pitstop/core/saved-cards';
import { useId, useState } from 'react';
import { CheckboxField } from '@/components/ordering/card-fields';
import { buttonStyles } from '@/components/ui/button-styles';
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
  /**
   * A 1-Click order the bank wants confirmed: its intent already carries the saved card, so
   * "Confirm with your saved card" runs the bank's check (3-D Secure) without typing the card.
   */
  authenticate?: boolean;
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
  authenticate = false,
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

  /** Pays with the card typed in the card element, or (`savedCard`) with the one on the intent. */
  async function pay(savedCard = false) {
    const card = elements?.getElement(CardElement);
    if (!stripe || !clientSecret || paying || (!savedCard && !card)) return;
    setPaying(true);
    setError(null);
    try {
      const { error: payError, paymentIntent } =
        savedCard || !card
          ? await stripe.confirmCardPayment(clientSecret)
          : await stripe.confirmCardPayment(clientSecret, {
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

  const ready = Boolean(stripe && clientSecret);
  return (
    <>
      {authenticate ? (
        <div className="flex flex-col gap-3">
          <button
            type="button"
            className={buttonStyles('primary', 'lg', 'w-full')}
            disabled={!ready || paying}
            onClick={() => void pay(true)}
          >
            {paying ? oneClickTexts.confirming : oneClickTexts.confirmWithSavedCard}
          </button>
          <p className="text-sm text-slate-600">{oneClickTexts.orAnotherCard}</p>
        </div>
      ) : null}
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
        {/* A saved card being confirmed: ticking would ask for another intent, without that card. */}
        {authenticate ? null : (
          <CheckboxField
            label={savedCardTexts.saveThisCard}
            checked={saveCard}
            onChange={onSaveCardChange}
            disabled={paying}
          />
        )}
        {error ? <PaymentAlert>{error}</PaymentAlert> : null}
        <PayButton ready={Boolean(stripe && elements && clientSecret)} paying={paying} />
      </form>
    </>
  );
}
