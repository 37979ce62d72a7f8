import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckoutResultSchema,
  CheckoutSchema,
  SavedAddressSchema,
  TaxRatesSchema,
} from '@pitstop/core/checkout';
import { CreateOrderSchema } from '@pitstop/core/orders';
import { ProblemSchema } from '@pitstop/core/problem';
import type { FastifyInstance } from 'fastify';
import { currentUser, readSessionUser, requireUser } from '../../auth/plugin.js';
import { membershipOf } from '../companies/membership.js';
import { idempotencyClaim } from '../../lib/idempotency.js';
import type { OrderTerms } from '../orders/service.js';
import { checkout, orderOnePart, savedAddress, taxRatesInPercent, type Placed } from './service.js';

const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
};

/**
 * After an order committed: the answers showing its parts' stock are dropped on every process
 * before it is acknowledged (the rest stay cached), and its mails go now rather than at the next
 * poll.
 */
async function afterPlaced(app: FastifyInstance, { order }: Placed): Promise<void> {
  await app.catalogueCache.invalidateStock(order.lines.map((line) => line.partId));
  app.jobs.wake();
}

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireUser(app);
  const bearer = [{ bearer: [] }];
  const base = { holdMinutes: app.config.orderHoldMinutes, publicUrl: app.config.publicUrl };
  // The delivery settings as they are now, from memory (no query), before the order's transaction.
  const termsNow = async (): Promise<OrderTerms> => ({
    ...base,
    deliverySettings: await app.deliverySettings.get(),
  });

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
        response: { 201: CheckoutResultSchema, ...problems },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const placed = await checkout(
        app.db,
        caller,
        request.body,
        app.config.salesTaxRates,
        await termsNow(),
        idempotencyClaim(request, caller.id),
      );
      await afterPlaced(app, placed);
      return reply.code(201).send(placed.result);
    },
  );

  // The spec's order form on the part page: its path, its fields and its 200 stay.
  app.post(
    '/order',
    {
      preValidation: signedIn,
      schema: {
        tags: ['orders'],
        summary:
          'Order one part from its page: a one-line order through the checkout (delivery address, the state’s sales tax, stock reserved at once, the same hold and mails). Quantity outside the part’s limits: 400 on `quantity`; sold out meanwhile: 409',
        security: bearer,
        body: CreateOrderSchema,
        response: { 200: CheckoutResultSchema, ...problems },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const placed = await orderOnePart(
        app.db,
        caller,
        request.body,
        app.config.salesTaxRates,
        await termsNow(),
        idempotencyClaim(request, caller.id),
      );
      await afterPlaced(app, placed);
      return placed.result;
    },
  );

  app.get(
    '/me/address',
    {
      preValidation: signedIn,
      schema: {
        tags: ['checkout'],
        summary: 'My default delivery address, the address book’s default (null without one)',
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
        description:
          'Signed in as a member of a tax-exempt company (an approved certificate): no state ' +
          'taxes its orders, so the rates are empty.',
        response: { 200: TaxRatesSchema },
      },
    },
    async (request, reply) => {
      const user = await readSessionUser(app, request);
      if (user && (await membershipOf(app.db, user.id))?.taxExempt) {
        void reply.header('cache-control', 'private, no-cache');
        return { rates: {} };
      }
      return { rates: taxRatesInPercent(app.config.salesTaxRates) };
    },
  );
};
