import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ActivityPageSchema, ActivityQuerySchema } from '@pitstop/core/audit';
import { ProblemSchema } from '@pitstop/core/problem';
import { requireAdmin } from '../../auth/plugin.js';
import { listActivity } from './activity.js';

/**
 * The audit trail, read-only (admins). There is deliberately no route that edits or deletes
 * it, and the table's trigger refuses both.
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/activity',
    {
      preValidation: requireAdmin(app),
      schema: {
        tags: ['admin'],
        summary:
          'The audit trail (admins), newest first: filter by actor (id, or part of a name or email), action, record type and id, and time (from inclusive, to exclusive); pages of 50 by default, the next one through ?before=<next>',
        security: [{ bearer: [] }],
        querystring: ActivityQuerySchema,
        response: { 200: ActivityPageSchema, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (request, reply) => {
      // Who did what is for admins' eyes only: no shared cache keeps a copy.
      void reply.header('cache-control', 'no-store');
      return listActivity(app.db, request.query);
    },
  );
};
