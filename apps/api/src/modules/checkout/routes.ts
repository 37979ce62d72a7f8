import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckoutResultSchema,
  CheckoutSchema,
  SavedAddressSchema,
  TaxRatesSchema,
} from '@pitstop/core/checkout';
import { ProblemSchema } from '@pitstop/core/problem';
import { currentUser, requireUser } from '../../auth/plugin.js';
import { idempotencyClaim } from '../../lib/idempotency.js';
import { checkout, savedAddress, taxRatesInPercent } from './service.js';

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireUser(app);
  const bearer = [{ bearer: [] }];

  app.post(
    '/checkout',
    {
      preValidation: signedIn,
      schema: {
        tags: ['checkout'],
        summary:
          'Order my cart: every line’s stock reserved or none (409 names a short part), priced from the catalogue with sales tax',
        security: bearer,
        body: CheckoutSchema,
        response: {
          201: CheckoutResultSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          409: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const { order, result } = await checkout(
        app.db,
        caller,
        request.body,
        app.config.salesTaxRates,
        { holdMinutes: app.config.orderHoldMinutes, publicUrl: app.config.publicUrl },
        idempotencyClaim(request, caller.id),
      );
      // Available quantities changed: the answers showing these parts (or counting stock) are
      // dropped on every process before the order is acknowledged; the rest stay cached.
      await app.catalogueCache.invalidateStock(order.lines.map((line) => line.partId));
      // Committed with its confirmation mail: send it now rather than at the next poll.
      app.jobs.wake();
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/me/address',
    {
      preValidation: signedIn,
      schema: {
        tags: ['checkout'],
        summary: 'The delivery address of my last checkout (null before the first)',
        security: bearer,
        response: { 200: SavedAddressSchema, 401: ProblemSchema },
      },
    },
    async (request) => savedAddress(app.db, currentUser(request).id),
  );

  app.get(
    '/tax-rates',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Sales tax in percent per delivery state (states not listed pay none)',
        response: { 200: TaxRatesSchema },
      },
    },
    async () => ({ rates: taxRatesInPercent(app.config.salesTaxRates) }),
  );
};
