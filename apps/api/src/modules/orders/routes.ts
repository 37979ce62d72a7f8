import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminOrdersQuerySchema } from '@pitstop/core/admin';
import { TOTAL_COUNT_HEADER } from '@pitstop/core/catalogue';
import { DeletedSchema, OrderIdParamsSchema, OrderSchema } from '@pitstop/core/orders';
import { ProblemSchema } from '@pitstop/core/problem';
import type { FastifyReply } from 'fastify';
import { currentUser, requireAdmin, requireUser } from '../../auth/plugin.js';
import { batchLoader } from '../../lib/batch-load.js';
import { jsonResponse, sendCached } from '../../lib/response-cache.js';
import { auditContextOf } from '../audit/service.js';
import { invoiceAttacher } from '../invoices/attachment.js';
import { orderConfirmationMail } from './confirmation-mail.js';
import { registerOrderMails } from './order-mails.js';
import {
  ORDER_CONFIRMATION_MAIL,
  ordersByIds,
  adminCancelOrder,
  cancelOrder,
  markOrderPaidOnAccount,
  deleteOrder,
  listAllOrders,
  listOrdersOf,
  type RefundStep,
} from './service.js';
import { singleLineText } from '@pitstop/core/text';

const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
};
/** Refund problems: the provider refused (402) or is not the one that took the money (503). */
const refundProblems = { 402: ProblemSchema, 503: ProblemSchema };
const bearer = [{ bearer: [] }];
const OrderListSchema = z.array(OrderSchema);
const OrderConfirmationPayloadSchema = z.object({ orderId: z.uuid(), publicUrl: z.string() });

export interface OrdersOptions {
  /**
   * An admin's cancel of a paid card order gives the money back with this step, which the
   * payments module provides (app.ts wires it): payments builds on orders (it marks them paid),
   * so orders names the step it needs and never imports payments.
   */
  refund: RefundStep;
}

export const ordersRoutes: FastifyPluginAsyncZod<OrdersOptions> = async (app, opts) => {
  const signedIn = requireUser(app);

  // The order mails a job run writes side by side read their orders together (a 1-Click order's
  // confirmation, receipt and notice are mostly in the same run): three statements a run, not
  // three a mail.
  const orderForMail = batchLoader((ids: string[]) => ordersByIds(app.db, ids));
  const attachInvoice = invoiceAttacher(app.db);
  // An order's confirmation is written when its mail job runs, from the order as stored; an
  // order deleted before then has nothing left to confirm.
  app.jobs.renderMail(ORDER_CONFIRMATION_MAIL, async (payload) => {
    const { orderId, publicUrl } = OrderConfirmationPayloadSchema.parse(payload);
    const order = await orderForMail(orderId);
    // Its invoice (issue #30) goes with it as a PDF.
    return order ? attachInvoice(order, orderConfirmationMail(order, publicUrl)) : null;
  });
  // The receipt of a paid order and the shop's new-order notice, written when they are sent.
  registerOrderMails(app, orderForMail);

  app.get(
    '/order',
    {
      preValidation: requireAdmin(app),
      schema: {
        tags: ['orders'],
        summary:
          'Every order (admins): filter by status, search by email or PO number, paged; total in X-Total-Count',
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

  app.get(
    '/order/:email',
    {
      preValidation: signedIn,
      schema: {
        tags: ['orders'],
        summary: 'A customer’s orders (your own, or anyone’s for admins)',
        security: bearer,
        params: z.object({ email: singleLineText().trim().min(3).max(254) }),
        response: { 200: OrderListSchema, ...problems },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const email = request.params.email.toLowerCase();
      // Admins reading someone else's list go to the database; a customer's own list is cached
      // until any write (see read-cache.ts), serialised through the response schema.
      if (email !== caller.email.toLowerCase()) return listOrdersOf(app.db, caller, email);
      const cached = await app.ordersCache.getOrCompute(email, async () =>
        jsonResponse(OrderListSchema.parse(await listOrdersOf(app.db, caller, email))),
      );
      return sendCached(reply as FastifyReply, cached);
    },
  );

  app.post(
    '/order/:id/cancel',
    {
      preValidation: signedIn,
      schema: {
        tags: ['orders'],
        summary:
          'Cancel an order: a customer their own unpaid one, or a paid 1-Click one not yet shipped, refunded in full (another paid order: 409); an admin any order not yet shipped, a paid one refunded through the payment provider and the customer mailed. It stays listed as cancelled and its stock comes back; cancelling again changes nothing',
        security: bearer,
        params: OrderIdParamsSchema,
        response: { 200: OrderSchema, ...problems, ...refundProblems },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      if (caller.role !== 'admin') {
        const { order } = await cancelOrder(app.db, caller, request.params.id, {
          refund: opts.refund,
          terms: { publicUrl: app.config.publicUrl },
        });
        // Its open intent's cancel (or a 1-Click order's refund mail) was queued with it.
        app.jobs.wake();
        // Its units are back: only the answers showing these parts (or counting stock) go.
        await app.catalogueCache.invalidateStock(order.lines.map((line) => line.partId));
        return order;
      }
      const { order, changed } = await adminCancelOrder(
        app.db,
        request.params.id,
        opts.refund,
        caller,
        { publicUrl: app.config.publicUrl },
        auditContextOf(request),
      );
      if (changed) {
        // The customer's mail (and an open intent's cancel) were queued with the cancel.
        app.jobs.wake();
        await app.catalogueCache.invalidateStock(order.lines.map((line) => line.partId));
      }
      return order;
    },
  );

  app.post(
    '/order/:id/paid',
    {
      preValidation: requireAdmin(app),
      schema: {
        tags: ['orders'],
        summary:
          'Mark an order on account paid (admins): its invoice was settled; one not yet shipped turns paid. Again: no change',
        security: bearer,
        params: OrderIdParamsSchema,
        response: { 200: OrderSchema, ...problems },
      },
    },
    async (request) =>
      markOrderPaidOnAccount(app.db, request.params.id, currentUser(request), auditContextOf(request)),
  );

  app.delete(
    '/order/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['orders'],
        summary:
          'Delete (hide) an unpaid or cancelled order: your own, or any as an admin. An unpaid one is cancelled first and its stock comes back; a paid or on-account order answers 409 (cancel and refund it instead). Nothing is erased',
        security: bearer,
        params: OrderIdParamsSchema,
        response: { 200: DeletedSchema, ...problems },
      },
    },
    async (request) => {
      const { deletedCount, partIds } = await deleteOrder(
        app.db,
        currentUser(request),
        request.params.id,
        auditContextOf(request),
      );
      if (deletedCount) app.jobs.wake();
      // Its stock came back: only the answers showing these parts or counting stock go.
      await app.catalogueCache.invalidateStock(partIds);
      return { deletedCount };
    },
  );
};
