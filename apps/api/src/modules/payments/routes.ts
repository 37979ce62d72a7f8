import type Stripe from 'stripe';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClientSecretSchema,
  ConfirmPaymentSchema,
  CreatePaymentIntentSchema,
  ModifiedSchema,
  PaymentInfoSchema,
  SandboxCardSchema,
  SandboxResultSchema,
} from '@pitstop/core/payments';
import { OrderIdParamsSchema } from '@pitstop/core/orders';
import { ProblemSchema } from '@pitstop/core/problem';
import { currentUser, requireUser } from '../../auth/plugin.js';
import { AppError } from '../../lib/errors.js';
import type { PaymentProviderClient } from '../../lib/payments/provider.js';
import {
  applySucceededEvent,
  confirmSandboxCard,
  confirmPayment,
  type PaidTerms,
  createIntent,
  paymentInfo,
} from './service.js';

const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  402: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
};
const bearer = [{ bearer: [] }];

export interface PaymentsOptions {
  provider: PaymentProviderClient;
  publishableKey: string | null;
  stripe: Stripe | undefined;
  webhookSecret: string | undefined;
}

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsOptions> = async (app, opts) => {
  const signedIn = requireUser(app);
  const { provider } = opts;
  // The delivery settings from memory (no query), read before the payment's transaction.
  const paidTerms = async (): Promise<PaidTerms> => ({
    publicUrl: app.config.publicUrl,
    deliverySettings: await app.deliverySettings.get(),
  });

  app.get(
    '/payment/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['payments'],
        summary: 'What to pay for an order (its owner only)',
        security: bearer,
        params: OrderIdParamsSchema,
        response: { 200: PaymentInfoSchema, ...problems },
      },
    },
    async (request) =>
      paymentInfo(app.db, currentUser(request), request.params.id, provider, opts.publishableKey),
  );

  app.post(
    '/create-payment-intent',
    {
      preValidation: signedIn,
      schema: {
        tags: ['payments'],
        summary:
          'Start paying an order; the amount always comes from the order. `saveCard` (Stripe): the card is kept for next time once paid',
        security: bearer,
        body: CreatePaymentIntentSchema,
        response: { 200: ClientSecretSchema, ...problems },
      },
    },
    async (request) =>
      createIntent(
        app.db,
        currentUser(request),
        request.body.orderId,
        provider,
        request.body.saveCard === true,
      ),
  );

  app.patch(
    '/payment/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['payments'],
        summary:
          'Record a payment: the order turns paid only if the provider confirms the transaction; the receipt is mailed and the shop notified',
        security: bearer,
        params: OrderIdParamsSchema,
        body: ConfirmPaymentSchema,
        response: { 200: ModifiedSchema, ...problems },
      },
    },
    async (request) =>
      confirmPayment(
        app.db,
        currentUser(request),
        request.params.id,
        request.body.transactionId,
        provider,
        await paidTerms(),
        app.jobs.wake,
      ),
  );

  if (provider.name === 'sandbox') {
    app.post(
      '/payments/sandbox/confirm',
      {
        preValidation: signedIn,
        schema: {
          tags: ['payments'],
          summary:
            'Test mode: pay with one of Stripe’s public test card numbers (never stored or logged; `saveCard` keeps its brand, last four and expiry)',
          security: bearer,
          body: SandboxCardSchema,
          response: { 200: SandboxResultSchema, ...problems },
        },
      },
      async (request) => confirmSandboxCard(app.db, currentUser(request), request.body, provider),
    );
  }

  if (opts.stripe && opts.webhookSecret) {
    const stripe = opts.stripe;
    const secret = opts.webhookSecret;
    await app.register(async (scope) => {
      // Signatures are computed over the exact bytes Stripe sent.
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
        done(null, body),
      );
      scope.post('/webhooks/stripe', { schema: { hide: true } }, async (request) => {
        const signature = request.headers['stripe-signature'];
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(request.body as Buffer, String(signature ?? ''), secret);
        } catch {
          throw new AppError('invalid', 'The webhook signature does not match.');
        }
        if (event.type === 'payment_intent.succeeded') {
          const outcome = await applySucceededEvent(
            app.db,
            event.id,
            event.data.object.id,
            provider,
            await paidTerms(),
            app.jobs.wake,
          );
          request.log.info({ eventId: event.id, outcome }, 'stripe event');
        }
        return { received: true };
      });
    });
  }
};
