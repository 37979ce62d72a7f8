import type { Stripe } from '@stripe/stripe-js';

const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for one publishable key, loaded on first use. The dynamic import keeps every byte of
 * Stripe out of the other screens' chunks, and @stripe/stripe-js adds Stripe's script from
 * js.stripe.com only now, on a payment screen whose provider is Stripe (the CSP lets it through
 * only then).
 *
 * Never rejects: null means Stripe is unavailable (offline, blocked), and the next call tries
 * again. One promise per key, so re-renders and StrictMode's double mount share one Stripe
 * instance, and <Elements> keeps the same `stripe` prop.
 */
export function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .catch(() => null)
      .then((instance) => {
        if (!instance) loaded.delete(publishableKey);
        return instance;
      });
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
