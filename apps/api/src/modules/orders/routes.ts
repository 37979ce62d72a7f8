import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InsertedSchema } from '@pitstop/core/accounts';
import { AdminOrdersQuerySchema, OrderStatusChangeSchema } from '@pitstop/core/admin';
import { TOTAL_COUNT_HEADER } from '@pitstop/core/catalogue';
import { CreateOrderSchema, DeletedSchema, OrderIdParamsSchema, OrderSchema } from '@pitstop/core/orders';
import { ProblemSchema } from '@pitstop/core/problem';
import { currentUser, requireAdmin, requireUser } from '../../auth/plugin.js';
import { sendOrderConfirmation } from './confirmation-mail.js';
import {
  advanceOrder,
  cancelOrder,
  deleteOrder,
  listAllOrders,
  listOrdersOf,
  placeOrder,
} from './service.js';

const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
};
const bearer = [{ bearer: [] }];

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireUser(app);

  app.post(
    '/order',
    {
      preValidation: signedIn,
      schema: {
        tags: ['orders'],
        summary: 'Place an order (stock is reserved at once)',
        security: bearer,
        body: CreateOrderSchema,
        response: { 200: InsertedSchema, ...problems },
      },
    },
    async (request) => {
      const order = await placeOrder(app.db, currentUser(request), request.body, app.config.orderHoldMinutes);
      // Available quantities changed: catalogue answers must be recomputed.
      app.catalogueCache.invalidate();
      // The order is committed; the mail cannot undo it (a failure is logged).
      await sendOrderConfirmation(
        { mailer: app.mailer, publicUrl: app.config.publicUrl, log: request.log },
        order,
      );
      return { insertedId: order._id };
    },
  );

  app.get(
    '/order',
    {
      preValidation: requireAdmin(app),
      schema: {
        tags: ['orders'],
        summary: 'Every order (admins): filter by status, search by email, paged; total in X-Total-Count',
        security: bearer,
        querystring: AdminOrdersQuerySchema,
        response: { 200: z.array(OrderSchema), ...problems },
      },
    },
    async (request, reply) => {
      const page = await listAllOrders(app.db, request.query);
      void reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.items;
    },
  );

  app.patch(
    '/order/:id/status',
    {
      preValidation: requireAdmin(app),
      schema: {
        tags: ['orders'],
        summary: 'Mark a paid order shipped (the customer is mailed), or a shipped one delivered',
        security: bearer,
        params: OrderIdParamsSchema,
        body: OrderStatusChangeSchema,
        response: { 200: OrderSchema, ...problems },
      },
    },
    async (request) => {
      const order = await advanceOrder(app.db, request.params.id, request.body.status);
      if (order.status === 'shipped') {
        const bought = order.lines.map((line) => `${line.quantity} x ${line.name}`).join('\n');
        await app.mailer
          .send({
            to: order.email,
            subject: 'Your Pitstop Parts order has shipped',
            text: `Hello ${order.name},\n\nYour order is on its way:\n${bought}\n\nFollow it under My Orders: ${app.config.publicUrl}/order\n\nPitstop Parts\n`,
          })
          .catch((err: unknown) => request.log.warn({ err }, 'shipping mail not sent'));
      }
      return order;
    },
  );

  app.get(
    '/order/:email',
    {
      preValidation: signedIn,
      schema: {
        tags: ['orders'],
        summary: 'A customer’s orders (your own, or anyone’s for admins)',
        security: bearer,
        params: z.object({ email: z.string().trim().min(3).max(254) }),
        response: { 200: z.array(OrderSchema), ...problems },
      },
    },
    async (request) => listOrdersOf(app.db, currentUser(request), request.params.email),
  );

  app.post(
    '/order/:id/cancel',
    {
      preValidation: signedIn,
      schema: {
        tags: ['orders'],
        summary:
          'Cancel your own unpaid order: it stays listed as cancelled and its stock comes back (a paid order: 409)',
        security: bearer,
        params: OrderIdParamsSchema,
        response: { 200: OrderSchema, ...problems },
      },
    },
    async (request) => {
      const order = await cancelOrder(app.db, currentUser(request), request.params.id);
      app.catalogueCache.invalidate();
      return order;
    },
  );

  app.delete(
    '/order/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['orders'],
        summary: 'Delete an order: your own while unpaid, or any as an admin (its stock comes back)',
        security: bearer,
        params: OrderIdParamsSchema,
        response: { 200: DeletedSchema, ...problems },
      },
    },
    async (request) => {
      const result = await deleteOrder(app.db, currentUser(request), request.params.id);
      app.catalogueCache.invalidate();
      return result;
    },
  );
};
