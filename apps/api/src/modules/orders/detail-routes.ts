import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderDetailSchema } from '@pitstop/core/order-detail';
import { OrderNumberParamsSchema } from '@pitstop/core/orders';
import { ProblemSchema } from '@pitstop/core/problem';
import { currentUser, requireUser } from '../../auth/plugin.js';
import { orderDetail } from './detail.js';

/** An order's page: GET /api/orders/:number (docs/decisions/026). */
export const orderDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:number',
    {
      preValidation: requireUser(app),
      schema: {
        tags: ['orders'],
        summary:
          'An order with its lines, shipments, returns, refunds and timeline ("PS-10482" or "10482"): a customer their own (anything else 404), an admin any, a deleted one too (deletedAt set)',
        security: [{ bearer: [] }],
        params: OrderNumberParamsSchema,
        response: { 200: OrderDetailSchema, 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request) =>
      orderDetail(app.db, currentUser(request), request.params.number, {
        returnWindowDays: app.config.returnWindowDays,
      }),
  );
};
