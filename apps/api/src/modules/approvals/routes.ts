import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApprovalParamsSchema, ApprovalQueueSchema, DeclineSchema } from '@pitstop/core/approvals';
import { OrderSchema } from '@pitstop/core/orders';
import { ProblemSchema } from '@pitstop/core/problem';
import { currentUser, requireUser } from '../../auth/plugin.js';
import { decideApproval, listApprovals, type Decision } from './service.js';

const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
};

/** A company's approvers (and owner) see its buyers' orders over their limit and decide on them. */
export const approvalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['company'], security: [{ bearer: [] }] };
  const signedIn = requireUser(app);
  const terms = { holdMinutes: app.config.orderHoldMinutes, publicUrl: app.config.publicUrl };

  app.get(
    '/company/approvals',
    {
      preValidation: signedIn,
      schema: {
        ...common,
        summary:
          'Orders of my company’s buyers waiting for approval, oldest first, with lines and buyer (approvers and the owner; others 403)',
        response: { 200: ApprovalQueueSchema, ...problems },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listApprovals(app.db, currentUser(request));
    },
  );

  const decide = async (orderId: string, caller: ReturnType<typeof currentUser>, decision: Decision) => {
    const order = await decideApproval(app.db, caller, orderId, decision, terms);
    // The buyer's mail (and the shop's notice) were queued with the decision.
    app.jobs.wake();
    // A decline put its units back on sale: only the answers showing these parts go.
    if (!decision.approve) await app.catalogueCache.invalidateStock(order.lines.map((l) => l.partId));
    return order;
  };

  app.post(
    '/company/approvals/:orderId/approve',
    {
      preValidation: signedIn,
      schema: {
        ...common,
        summary:
          'Approve a buyer’s order: card → unpaid with a fresh hold (the buyer is mailed the pay link); on account → placed on the company’s line (re-checked: 409 when it no longer fits). Own order 403, another company’s 404, decided already 409',
        params: ApprovalParamsSchema,
        response: { 200: OrderSchema, ...problems },
      },
    },
    async (request) => decide(request.params.orderId, currentUser(request), { approve: true }),
  );

  app.post(
    '/company/approvals/:orderId/decline',
    {
      preValidation: signedIn,
      schema: {
        ...common,
        summary:
          'Decline a buyer’s order with a reason: cancelled (declined), its stock back on sale, the buyer mailed the reason. Own order 403, another company’s 404, decided already 409',
        params: ApprovalParamsSchema,
        body: DeclineSchema,
        response: { 200: OrderSchema, ...problems },
      },
    },
    async (request) =>
      decide(request.params.orderId, currentUser(request), { approve: false, reason: request.body.reason }),
  );
};
