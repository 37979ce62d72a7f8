import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOTAL_COUNT_HEADER } from '@pitstop/core/catalogue';
import {
  AdminInvoicesQuerySchema,
  InvoiceIdParamsSchema,
  InvoiceSchema,
  RecordedPaymentSchema,
  RecordPaymentSchema,
} from '@pitstop/core/invoices';
import { invoiceTexts } from '@pitstop/core/invoices-texts';
import { ProblemSchema } from '@pitstop/core/problem';
import { currentUser, requireAdmin, requireUser } from '../../auth/plugin.js';
import { AppError } from '../../lib/errors.js';
import { auditContextOf } from '../audit/service.js';
import { invoicePdf } from './pdf.js';
import { invoiceDocument, invoiceOfOrder, listInvoices, recordPayment } from './service.js';

const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
};
const bearer = [{ bearer: [] }];
const OrderIdParams = z.object({ id: z.uuid() });

/** Private to its readers: no shared cache keeps an invoice, and it is fetched again each time. */
const PRIVATE = 'private, no-store';

/** Invoices (issue #30, item 7): an order's invoice as JSON and PDF, the admin's list and payments. */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireUser(app);
  const admin = requireAdmin(app);

  app.get(
    '/orders/:id/invoice',
    {
      preValidation: signedIn,
      schema: {
        tags: ['invoices'],
        summary:
          'An order’s invoice: for the customer who placed it, its company’s owner and accountants, and admins (404 for anyone else, and while it has none: awaiting approval)',
        security: bearer,
        params: OrderIdParams,
        response: { 200: InvoiceSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', PRIVATE);
      return invoiceOfOrder(app.db, currentUser(request), request.params.id);
    },
  );

  app.get(
    '/orders/:id/invoice.pdf',
    {
      preValidation: signedIn,
      schema: {
        tags: ['invoices'],
        summary: 'An order’s invoice as a PDF (the same readers as the invoice)',
        security: bearer,
        params: OrderIdParams,
        produces: ['application/pdf'],
        response: { ...problems },
      },
    },
    async (request, reply) => {
      const invoice = await invoiceOfOrder(app.db, currentUser(request), request.params.id);
      const document = await invoiceDocument(app.db, invoice);
      if (!document) throw new AppError('not_found', invoiceTexts.notFound);
      const pdf = await invoicePdf(document);
      // Bytes go out as they are; the response schemas describe only the problems.
      return (reply as FastifyReply)
        .header('cache-control', PRIVATE)
        .header('content-disposition', `attachment; filename="${invoiceTexts.fileName(invoice.number)}"`)
        .type('application/pdf')
        .send(pdf);
    },
  );

  app.get(
    '/admin/invoices',
    {
      preValidation: admin,
      schema: {
        tags: ['invoices'],
        summary:
          'Every invoice (admins): newest first; filter all, open, overdue or paid; search by invoice, order or PO number, company, name or email; paged, total in X-Total-Count',
        security: bearer,
        querystring: AdminInvoicesQuerySchema,
        response: { 200: z.array(InvoiceSchema), ...problems },
      },
    },
    async (request, reply) => {
      const page = await listInvoices(app.db, request.query);
      void reply.header(TOTAL_COUNT_HEADER, String(page.total)).header('cache-control', PRIVATE);
      return page.items;
    },
  );

  app.post(
    '/admin/invoices/:id/payments',
    {
      preValidation: admin,
      schema: {
        tags: ['invoices'],
        summary:
          'Record money received against an on-account invoice (admins): at most what is owed (400), not for card or cancelled orders or an invoice paid in full (409); paid in full, the order is marked paid. Audited',
        security: bearer,
        params: InvoiceIdParamsSchema,
        body: RecordPaymentSchema,
        response: { 201: RecordedPaymentSchema, ...problems },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const recorded = await recordPayment(
        app.db,
        request.params.id,
        request.body,
        { id: caller.id, name: caller.name, role: caller.role === 'admin' ? 'admin' : 'user' },
        auditContextOf(request),
      );
      return reply.code(201).send(recorded);
    },
  );
};
