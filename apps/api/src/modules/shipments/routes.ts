import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderIdParamsSchema, OrderNumberParamsSchema, OrderSchema } from '@pitstop/core/orders';
import { OrderStatusChangeSchema } from '@pitstop/core/admin';
import { shipmentTexts } from '@pitstop/core/shipment-texts';
import { ProblemSchema } from '@pitstop/core/problem';
import { CreateShipmentSchema } from '@pitstop/core/shipments';
import { currentUser, requireAdmin } from '../../auth/plugin.js';
import { AppError } from '../../lib/errors.js';
import { auditContextOf } from '../audit/service.js';
import { markDelivered, shipOrder } from './service.js';

const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
};
const bearer = [{ bearer: [] }];

/** Shipping an order with its carrier and tracking number, and recording its delivery (admins). */
export const shipmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = requireAdmin(app);
  const terms = { publicUrl: app.config.publicUrl };

  app.post(
    '/orders/:number/shipments',
    {
      preValidation: admins,
      schema: {
        tags: ['orders'],
        summary:
          'Ship an order (admins): a carrier (ups, fedex, usps, other) and its tracking number (400 naming trackingNumber when it does not fit the carrier), and the lines with the units in this parcel — none listed: every unit not yet shipped. A paid, on-account or partly shipped order only (409 otherwise); at most the units left of each line (400 naming lines.N.quantity). The order turns partially_shipped or shipped and the customer is mailed the tracking link. Answers the order with its shipments',
        security: bearer,
        params: OrderNumberParamsSchema,
        body: CreateShipmentSchema,
        response: { 200: OrderSchema, ...problems },
      },
    },
    async (request) => {
      const order = await shipOrder(
        app.db,
        request.params.number,
        request.body,
        currentUser(request),
        terms,
        auditContextOf(request),
      );
      // Committed with its mail: send it now rather than at the next poll.
      app.jobs.wake();
      return order;
    },
  );

  app.post(
    '/orders/:number/delivered',
    {
      preValidation: admins,
      schema: {
        tags: ['orders'],
        summary:
          'Mark a shipped order delivered (admins): every unit must have shipped (409 otherwise); the customer is mailed. Marking a delivered order again changes nothing and answers it as it is',
        security: bearer,
        params: OrderNumberParamsSchema,
        response: { 200: OrderSchema, ...problems },
      },
    },
    async (request) => {
      const { order, changed } = await markDelivered(
        app.db,
        { number: request.params.number },
        currentUser(request),
        terms,
        auditContextOf(request),
      );
      if (changed) app.jobs.wake();
      return order;
    },
  );

  // The specification's status route lives with shipping: delivering is a shipment's last step.
  app.patch(
    '/order/:id/status',
    {
      preValidation: admins,
      schema: {
        tags: ['orders'],
        summary:
          'The spec’s status change: mark a shipped order delivered (the customer is mailed; again: no change). "shipped" answers 400: an order ships with its carrier and tracking number through POST /api/orders/{number}/shipments',
        security: bearer,
        params: OrderIdParamsSchema,
        body: OrderStatusChangeSchema,
        response: { 200: OrderSchema, ...problems },
      },
    },
    async (request) => {
      // A parcel without a carrier or tracking number cannot be followed: shipping has its own route.
      if (request.body.status === 'shipped') {
        throw new AppError('invalid', shipmentTexts.shipThroughShipments, [
          { field: 'status', message: shipmentTexts.shipThroughShipments },
        ]);
      }
      const { order, changed } = await markDelivered(
        app.db,
        { id: request.params.id },
        currentUser(request),
        terms,
        auditContextOf(request),
      );
      if (changed) app.jobs.wake();
      return order;
    },
  );
};
