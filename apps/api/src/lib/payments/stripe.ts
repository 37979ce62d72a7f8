import Stripe from 'stripe';
import type { CardDetails, OffSessionCharge, OffSessionOutcome, PaymentProviderClient } from './provider.js';

/**
 * Every Stripe call is bounded (timeout per attempt, a few retries with the SDK's backoff), so a
 * slow or failing Stripe costs the one payment request its limit and never piles requests up.
 */
export function stripeClient(
  secretKey: string,
  apiUrl: string | undefined,
  limits: { timeoutMs: number; maxNetworkRetries: number } = { timeoutMs: 15_000, maxNetworkRetries: 2 },
): Stripe {
  const bounds = { timeout: limits.timeoutMs, maxNetworkRetries: limits.maxNetworkRetries };
  if (!apiUrl) return new Stripe(secretKey, bounds);
  const url = new URL(apiUrl);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    ...bounds,
  });
}

/** Stripe PaymentIntents; the idempotency key ties each intent to its order. */
export function createStripeProvider(stripe: Stripe): PaymentProviderClient {
  const chargeOnce = async (charge: OffSessionCharge): Promise<OffSessionOutcome> => {
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: charge.amountCents,
          currency: charge.currency,
          customer: charge.customerId,
          payment_method: charge.paymentMethodId,
          off_session: true,
          confirm: true,
          description: charge.description,
          metadata: { orderId: charge.orderId },
        },
        // Not the payment page's `order-…` key: that one makes an intent to confirm in the browser.
        { idempotencyKey: `one-click-${charge.orderId}` },
      );
      return offSessionOutcome(intent);
    } catch (err) {
      const outcome = offSessionFailure(err);
      if (outcome.outcome === 'requires_action') await keepCardOn(outcome.intentId, charge.paymentMethodId);
      return outcome;
    }
  };
  /**
   * Stripe answers `authentication_required` with the intent back at requires_payment_method, the
   * card set aside in its last error. Putting the card back on it lets the payment page confirm
   * it as it is (`confirmCardPayment(clientSecret)`: the bank's check with the saved card, nothing
   * typed). Best effort: without it the page still takes a card typed in.
   */
  const keepCardOn = async (intentId: string, paymentMethodId: string) => {
    try {
      const intent = await stripe.paymentIntents.retrieve(intentId);
      if (intent.status === 'requires_payment_method') {
        await stripe.paymentIntents.update(intentId, { payment_method: paymentMethodId });
      }
    } catch {
      // The page's card form still works on the intent.
    }
  };
  return {
    name: 'stripe',
    createIntent: async (request) => {
      const save = request.saveForCustomer;
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          allowed_payment_method_types: ['card'],
          description: request.description,
          metadata: { orderId: request.orderId },
          ...(save ? { customer: save, setup_future_usage: 'off_session' as const } : {}),
        },
        // Ticking "Save this card" later is another intent (its own key), not the first one replayed.
        { idempotencyKey: `order-${request.orderId}-${request.amountCents}${save ? '-save' : ''}` },
      );
      if (!intent.client_secret) throw new Error('Stripe returned no client secret');
      return { intentId: intent.id, clientSecret: intent.client_secret };
    },
    refund: async (request) => {
      const refund = await stripe.refunds.create(
        {
          payment_intent: request.intentId,
          amount: request.amountCents,
          metadata: { orderId: request.orderId },
        },
        // One refund per order (or per return), however often an admin asks (Stripe keeps keys
        // for 24 hours; the row locks and the cancelled or refunded status cover the rest).
        { idempotencyKey: request.idempotencyKey ?? `refund-${request.orderId}` },
      );
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new Error(`Stripe refused the refund (${refund.failure_reason ?? refund.status}).`);
      }
      return { refundId: refund.id };
    },
    cancelIntent: async (intentId) => {
      try {
        await stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' });
        return 'cancelled';
      } catch (err) {
        // Stripe refuses to cancel an intent that is already cancelled or succeeded: which is it?
        if ((err as { code?: string }).code !== 'payment_intent_unexpected_state') throw err;
        const intent = await stripe.paymentIntents.retrieve(intentId);
        if (intent.status === 'canceled') return 'cancelled';
        if (intent.status === 'succeeded') return 'succeeded';
        // `processing`: the payment is under way; the job tries again later.
        throw new Error(`the payment intent is ${intent.status}`, { cause: err });
      }
    },
    createCustomer: async (user) => {
      const customer = await stripe.customers.create(
        { email: user.email, metadata: { userId: user.id } },
        // Two first saves at once make one customer (the user row keeps whichever is written first).
        { idempotencyKey: `customer-${user.id}` },
      );
      return customer.id;
    },
    createSetupIntent: async (customerId) => {
      const setup = await stripe.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
      });
      if (!setup.client_secret) throw new Error('Stripe returned no client secret');
      return { setupIntentId: setup.id, clientSecret: setup.client_secret };
    },
    retrieveSetupIntent: async (setupIntentId) => {
      try {
        const setup = await stripe.setupIntents.retrieve(setupIntentId);
        return {
          customerId: idOf(setup.customer) ?? null,
          succeeded: setup.status === 'succeeded',
          paymentMethodId: idOf(setup.payment_method) ?? null,
        };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    retrievePaymentMethod: async (paymentMethodId) => {
      try {
        return cardDetails(await stripe.paymentMethods.retrieve(paymentMethodId));
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    detachPaymentMethod: async (paymentMethodId) => {
      try {
        await stripe.paymentMethods.detach(paymentMethodId);
      } catch (err) {
        // Already detached, or gone: it is not the customer's any more, which is what was asked.
        if ((err as { type?: string }).type !== 'StripeInvalidRequestError') throw err;
      }
    },
    chargeOffSession: async (charge) => {
      // The same click retried while its first charge is still at Stripe: Stripe refuses the key
      // in use (409) until the first ends, then replays its answer.
      for (let attempt = 0; ; attempt++) {
        try {
          return await chargeOnce(charge);
        } catch (err) {
          if ((err as { type?: string }).type !== 'StripeIdempotencyError' || attempt >= 4) throw err;
          await new Promise((resolve) => setTimeout(resolve, 250 * (attempt + 1)));
        }
      }
    },
    // The smallest call our key must be allowed: it proves Stripe answers and accepts the key.
    check: async () => {
      await stripe.paymentIntents.list({ limit: 1 });
    },
    retrieve: async (intentId) => {
      try {
        const intent = await stripe.paymentIntents.retrieve(intentId);
        return {
          succeeded: intent.status === 'succeeded',
          amountCents: intent.amount,
          currency: intent.currency,
          orderId: intent.metadata?.orderId,
          paymentMethodId: idOf(intent.payment_method),
          customerId: idOf(intent.customer),
        };
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return undefined;
        throw err;
      }
    },
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

const isMissing = (err: unknown) => (err as { statusCode?: number }).statusCode === 404;

function cardDetails(method: Stripe.PaymentMethod): CardDetails {
  return {
    paymentMethodId: method.id,
    brand: method.card?.brand ?? 'unknown',
    last4: method.card?.last4 ?? '????',
    expMonth: method.card?.exp_month ?? 0,
    expYear: method.card?.exp_year ?? 0,
    customerId: idOf(method.customer) ?? null,
  };
}

function offSessionOutcome(intent: Stripe.PaymentIntent): OffSessionOutcome {
  const clientSecret = intent.client_secret ?? '';
  if (intent.status === 'succeeded') return { outcome: 'succeeded', intentId: intent.id, clientSecret };
  // requires_action (or processing: a webhook settles it) leaves the order for its payment page.
  if (intent.status === 'requires_action' || intent.status === 'processing') {
    return { outcome: 'requires_action', intentId: intent.id, clientSecret };
  }
  return {
    outcome: 'declined',
    intentId: intent.id,
    clientSecret,
    message: intent.last_payment_error?.message ?? 'Your card was declined.',
  };
}

/**
 * Stripe answers an off-session charge that did not go through with an error carrying the intent
 * it made: `authentication_required` (3-D Secure: the customer must be there), a card error
 * (declined), or an invalid request naming the payment method (detached, not this customer's) —
 * the card cannot be used any more. Anything else (no answer, our key refused) is thrown.
 */
function offSessionFailure(err: unknown): OffSessionOutcome {
  const e = err as {
    type?: string;
    code?: string;
    param?: string;
    message?: string;
    payment_intent?: { id: string; client_secret: string | null };
  };
  const intent = e.payment_intent;
  if (e.type === 'StripeCardError') {
    if (e.code === 'authentication_required' && intent) {
      return { outcome: 'requires_action', intentId: intent.id, clientSecret: intent.client_secret ?? '' };
    }
    if (e.code === 'expired_card')
      return { outcome: 'unusable', message: e.message ?? 'Your card has expired.' };
    return {
      outcome: 'declined',
      intentId: intent?.id ?? null,
      clientSecret: intent?.client_secret ?? null,
      message: e.message ?? 'Your card was declined.',
    };
  }
  if (
    e.type === 'StripeInvalidRequestError' &&
    (e.param === 'payment_method' || e.code === 'resource_missing')
  ) {
    return { outcome: 'unusable', message: e.message ?? 'No such payment method.' };
  }
  throw err;
}
