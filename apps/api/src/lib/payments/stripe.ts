import Stripe from 'stripe';
import type { PaymentProviderClient } from './provider.js';

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
  return {
    name: 'stripe',
    createIntent: async (request) => {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          allowed_payment_method_types: ['card'],
          description: request.description,
          metadata: { orderId: request.orderId },
        },
        { idempotencyKey: `order-${request.orderId}-${request.amountCents}` },
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
        };
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return undefined;
        throw err;
      }
    },
  };
}
