import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { authErrorTexts } from '@pitstop/core/messages';
import { savedCardTexts } from '@pitstop/core/saved-cards';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { ErrorNotice } from '@/components/ui/notice';
import { problemText } from '@/lib/error-text';
import { loadStripeOnce } from '@/lib/load-stripe';
import { savedCardsKeys } from '@/lib/saved-cards';
import { createSetupIntent, saveSetupCard } from '../api/save-card';
import { AddCardActions } from './add-card-actions';

export interface AddStripeCardProps {
  publishableKey: string;
  onSaved: () => void;
  onCancel: () => void;
}

const cardFieldClass =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3.5 py-3 shadow-sm [&.StripeElement--focus]:border-red-600 [&.StripeElement--focus]:ring-2 [&.StripeElement--focus]:ring-red-600/30';

/**
 * Add a card with Stripe: a SetupIntent made by the server for the customer, confirmed here with
 * Stripe's card element (the number never reaches the shop), then kept by POST /api/cards.
 */
export function AddStripeCard(props: AddStripeCardProps) {
  const stripe = useMemo(() => loadStripeOnce(props.publishableKey), [props.publishableKey]);
  return (
    <Elements stripe={stripe}>
      <StripeSetupForm {...props} />
    </Elements>
  );
}

function StripeSetupForm({ onSaved, onCancel }: AddStripeCardProps) {
  const stripe = useStripe();
  const elements = useElements();
  const queryClient = useQueryClient();
  const labelId = useId();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The SetupIntent is asked for once the form opens (an outside system: the payment provider).
  useEffect(() => {
    let active = true;
    createSetupIntent().then(
      ({ clientSecret: secret }) => active && setClientSecret(secret),
      (failure: unknown) => active && setError(problemText(failure, authErrorTexts.generic)),
    );
    return () => {
      active = false;
    };
  }, []);

  async function save() {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret || saving) return;
    setSaving(true);
    setError(null);
    try {
      const { error: setupError, setupIntent } = await stripe.confirmCardSetup(clientSecret, {
        payment_method: { card },
      });
      if (setupError) {
        setError(setupError.message ?? savedCardTexts.setupNotFinished);
        return;
      }
      await saveSetupCard(setupIntent.id);
      await queryClient.invalidateQueries({ queryKey: savedCardsKeys.all });
      onSaved();
    } catch (failure) {
      setError(problemText(failure, authErrorTexts.generic));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      aria-label={savedCardTexts.add}
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div role="group" aria-labelledby={labelId} className="flex flex-col gap-1.5">
        <span id={labelId} className="text-sm font-semibold text-slate-800">
          {savedCardTexts.cardDetails}
        </span>
        <CardElement className={cardFieldClass} options={{ disabled: saving }} />
      </div>
      <ErrorNotice message={error} />
      <AddCardActions saving={saving} disabled={!stripe || !clientSecret || saving} onCancel={onCancel} />
    </form>
  );
}
