import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreditApplicationIdParamsSchema,
  CreditApplicationInputSchema,
  CreditApplicationPageSchema,
  CreditApplicationSchema,
  CreditApplicationsQuerySchema,
  CreditDecisionSchema,
  CreditStatusSchema,
} from '@pitstop/core/credit';
import { ProblemSchema } from '@pitstop/core/problem';
import { currentUser, requireAdmin, requireUser } from '../../auth/plugin.js';
import { auditContextOf } from '../audit/service.js';
import {
  applyForCredit,
  creditStatusOf,
  decideCreditApplication,
  listCreditApplications,
} from './service.js';

const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
};

/** Credit applications (customers apply, admins decide) and a customer's credit line. */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['credit'], security: [{ bearer: [] }] };
  const signedIn = requireUser(app);
  const admin = requireAdmin(app);

  app.post(
    '/credit-applications',
    {
      preValidation: signedIn,
      schema: {
        ...common,
        summary:
          'Apply to pay on account (net 30): business, contact, EIN, years in business, limit in dollars',
        body: CreditApplicationInputSchema,
        response: { 201: CreditApplicationSchema, ...problems },
      },
    },
    async (request, reply) => {
      const application = await applyForCredit(app.db, currentUser(request), request.body);
      return reply.code(201).send(application);
    },
  );

  app.get(
    '/credit-applications',
    {
      preValidation: admin,
      schema: {
        ...common,
        summary:
          'Credit applications, newest first, a page at a time (admins); ?status= filters, ?before= is the previous page’s `next`',
        querystring: CreditApplicationsQuerySchema,
        response: { 200: CreditApplicationPageSchema, ...problems },
      },
    },
    async (request) => listCreditApplications(app.db, request.query),
  );

  app.patch(
    '/credit-applications/:id',
    {
      preValidation: admin,
      schema: {
        ...common,
        summary:
          'Approve a pending application with a limit in dollars, or decline it (admins); the applicant is mailed',
        params: CreditApplicationIdParamsSchema,
        body: CreditDecisionSchema,
        response: { 200: CreditApplicationSchema, ...problems },
      },
    },
    async (request) => {
      const application = await decideCreditApplication(
        app.db,
        currentUser(request),
        request.params.id,
        request.body,
        { publicUrl: app.config.publicUrl },
        auditContextOf(request),
      );
      // The applicant's mail was queued with the decision.
      app.jobs.wake();
      return application;
    },
  );

  app.get(
    '/credit',
    {
      preValidation: signedIn,
      schema: {
        ...common,
        summary:
          'My credit: my latest application and, once approved, my limit, what is used and what is left',
        response: { 200: CreditStatusSchema, 401: ProblemSchema },
      },
    },
    async (request) => creditStatusOf(app.db, currentUser(request).id),
  );
};
