import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ReturnSchema } from '@pitstop/core/order-detail';
import { OrderNumberParamsSchema } from '@pitstop/core/orders';
import { ProblemSchema } from '@pitstop/core/problem';
import {
  CreateReturnSchema,
  DeclineReturnSchema,
  ReceiveReturnSchema,
  ReturnIdParamsSchema,
  ReturnQueueItemSchema,
  ReturnsQuerySchema,
} from '@pitstop/core/returns';
import { currentUser, requireAdmin, requireUser } from '../../auth/plugin.js';
import { auditContextOf } from '../audit/service.js';
import type { PaymentProviderClient } from '../../lib/payments/provider.js';
import { decideReturn, listReturns, receiveReturn, requestReturn, type ReturnTerms } from './service.js';

const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
};

export interface ReturnsOptions {
  /** Refunds of card orders go back through the provider that takes payments. */
  provider: PaymentProviderClient;
}

/** Return requests (customers) and the Returns queue with its decisions (admins). */
export const returnsRoutes: FastifyPluginAsyncZod<ReturnsOptions> = async (app, opts) => {
  const common = { tags: ['returns'], security: [{ bearer: [] }] };
  const admin = requireAdmin(app);
  const terms: ReturnTerms = {
    windowDays: app.config.returnWindowDays,
    returnAddress: app.config.returnAddress,
    publicUrl: app.config.publicUrl,
    notifyEmails: app.config.orderNotifyEmails,
  };

  app.post(
    '/orders/:number/returns',
    {
      preValidation: requireUser(app),
      schema: {
        ...common,
        summary: `Ask to return units of your delivered order, within RETURN_WINDOW_DAYS (${app.config.returnWindowDays}) of delivery: lines with quantities (at most what shipped less earlier returns), a reason, a note and up to 5 uploaded photos. Another customer's order: 404; not delivered or past the window: 409`,
        params: OrderNumberParamsSchema,
        body: CreateReturnSchema,
        response: { 201: ReturnSchema, ...problems },
      },
    },
    async (request, reply) => {
      const created = await requestReturn(app.db, currentUser(request), request.params.number, request.body, {
        terms,
        uploads: app.uploads,
      });
      // Committed with its mails: send them now rather than at the next poll.
      app.jobs.wake();
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/returns',
    {
      preValidation: admin,
      schema: {
        ...common,
        summary:
          'The Returns queue (admins): newest first, ?status= filters; each with its order, customer and refund',
        querystring: ReturnsQuerySchema,
        response: { 200: z.array(ReturnQueueItemSchema), ...problems },
      },
    },
    async (request) => listReturns(app.db, request.query),
  );

  app.post(
    '/returns/:id/approve',
    {
      preValidation: admin,
      schema: {
        ...common,
        summary: 'Approve a requested return (admins): the customer is mailed where to send the parts',
        params: ReturnIdParamsSchema,
        response: { 200: ReturnSchema, ...problems },
      },
    },
    async (request) => {
      const item = await decideReturn(
        app.db,
        currentUser(request),
        request.params.id,
        { approve: true },
        terms,
        auditContextOf(request),
      );
      app.jobs.wake();
      return item;
    },
  );

  app.post(
    '/returns/:id/decline',
    {
      preValidation: admin,
      schema: {
        ...common,
        summary: 'Decline a requested return with a reason (admins); the customer is mailed the reason',
        params: ReturnIdParamsSchema,
        body: DeclineReturnSchema,
        response: { 200: ReturnSchema, ...problems },
      },
    },
    async (request) => {
      const item = await decideReturn(
        app.db,
        currentUser(request),
        request.params.id,
        { approve: false, reason: request.body.reason },
        terms,
        auditContextOf(request),
      );
      app.jobs.wake();
      return item;
    },
  );

  app.post(
    '/returns/:id/receive',
    {
      preValidation: admin,
      schema: {
        ...common,
        summary:
          'Mark an approved return received (admins), its units restocked or not: its lines and their tax share are refunded once, to the card as a partial refund through the provider (a refusal: 402, nothing changes) or credited on an order on account; the customer is mailed the amount',
        params: ReturnIdParamsSchema,
        body: ReceiveReturnSchema,
        response: { 200: ReturnSchema, ...problems, 402: ProblemSchema, 503: ProblemSchema },
      },
    },
    async (request) => {
      const { item, partIds } = await receiveReturn(
        app.db,
        currentUser(request),
        request.params.id,
        request.body.restock,
        { provider: opts.provider, terms, audit: auditContextOf(request) },
      );
      // Units came back on sale: the answers showing these parts (or counting stock) go.
      await app.catalogueCache.invalidateStock(partIds);
      app.jobs.wake();
      return item;
    },
  );
};
