import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckoutResultSchema,
  CheckoutSchema,
  SavedAddressSchema,
  TaxRatesSchema,
} from '@pitstop/core/checkout';
import { ProblemSchema } from '@pitstop/core/problem';
import { currentUser, requireUser } from '../../auth/plugin.js';
import { sendOrderConfirmation } from '../orders/confirmation-mail.js';
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
          409: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const { order, result } = await checkout(
        app.db,
        currentUser(request),
        request.body,
        app.config.salesTaxRates,
        app.config.orderHoldMinutes,
      );
      // Available quantities changed: catalogue answers must be recomputed.
      app.catalogueCache.invalidate();
      // The order is committed; the mail cannot undo it (a failure is logged).
      await sendOrderConfirmation(
        { mailer: app.mailer, publicUrl: app.config.publicUrl, log: request.log },
        order,
      );
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
