import Stripe from 'stripe';
import type { PaymentProviderClient } from './provider.js';

export function stripeClient(secretKey: string, apiUrl: string | undefined): Stripe {
  if (!apiUrl) return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 15_000 });
  const url = new URL(apiUrl);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
    timeout: 10_000,
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
