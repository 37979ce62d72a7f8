import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OneClickOrderSchema, OneClickResultSchema, oneClickTexts } from '@pitstop/core/one-click';
import { ProblemSchema } from '@pitstop/core/problem';
import { currentUser, requireUser } from '../../auth/plugin.js';
import { AppError } from '../../lib/errors.js';
import { idempotencyClaim } from '../../lib/idempotency.js';
import type { PaymentProviderClient } from '../../lib/payments/provider.js';
import { placeOneClickOrder } from './service.js';

const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  402: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
};

export const oneClickRoutes: FastifyPluginAsyncZod<{ provider: PaymentProviderClient }> = async (
  app,
  { provider },
) => {
  const signedIn = requireUser(app);
  const base = { holdMinutes: app.config.orderHoldMinutes, publicUrl: app.config.publicUrl };

  app.post(
    '/orders/one-click',
    {
      preValidation: signedIn,
      schema: {
        tags: ['orders'],
        summary:
          '1-Click: order a part to my default address and charge my saved card off-session (Idempotency-Key header required: a retry answers the first order). `payment`: paid, or requires_action (pay on the order’s payment page); declined: 402 and the order is cancelled; 1-Click off, no default address or no card: 409',
        security: [{ bearer: [] }],
        body: OneClickOrderSchema,
        response: { 201: OneClickResultSchema, ...problems },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const claim = idempotencyClaim(request, caller.id);
      if (!claim) {
        throw new AppError('invalid', oneClickTexts.keyRequired, [
          { field: 'Idempotency-Key', message: oneClickTexts.keyRequired },
        ]);
      }
      // Its stock moved (taken, or given back by a declined card's cancel): the answers showing
      // it go, and its mails or its intent's cancel go now rather than at the next poll.
      const stockMoved = async () => {
        await app.catalogueCache.invalidateStock([request.body.partId]);
        app.jobs.wake();
      };
      try {
        const { result } = await placeOneClickOrder(app.db, caller, request.body, claim, {
          provider,
          salesTaxRates: app.config.salesTaxRates,
          terms: { ...base, deliverySettings: await app.deliverySettings.get() },
          onQueued: app.jobs.wake,
        });
        await stockMoved();
        return reply.code(201).send(result);
      } catch (err) {
        // Declined: the order was placed and cancelled. Any other refusal placed nothing.
        if (err instanceof AppError && err.kind === 'payment_failed') await stockMoved();
        throw err;
      }
    },
  );
};
