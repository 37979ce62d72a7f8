import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardSchema } from '@pitstop/core/admin';
import { ProblemSchema } from '@pitstop/core/problem';
import { currentUser, requireUser } from '../../auth/plugin.js';
import { dashboardFor } from './service.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      preValidation: requireUser(app),
      schema: {
        tags: ['dashboard'],
        summary: 'Your order summary; for admins also order counts, low stock and this month’s revenue',
        security: [{ bearer: [] }],
        response: { 200: DashboardSchema, 401: ProblemSchema },
      },
    },
    async (request) => dashboardFor(app.db, currentUser(request)),
  );
};
