import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCompaniesSchema,
  AdminCompanyInputSchema,
  AdminCompanySchema,
  CompanyInputSchema,
  CompanyOrdersSchema,
  CompanyUpdateSchema,
  IdParamsSchema,
  InvitationInputSchema,
  InvitationPreviewSchema,
  InvitationSchema,
  InvitationTokenParamsSchema,
  MemberChangeSchema,
  MemberParamsSchema,
  MyCompanySchema,
  CompanySchema,
} from '@pitstop/core/companies';
import { DeliveryAddressSchema } from '@pitstop/core/delivery-address';
import { ProblemSchema } from '@pitstop/core/problem';
import { currentUser, requireAdmin, requireUser } from '../../auth/plugin.js';
import { auditContextOf } from '../audit/service.js';
import {
  acceptInvitation,
  addCompanyAddress,
  adminCreateCompany,
  changeMember,
  companyOrders,
  companyView,
  createCompany,
  inviteMember,
  listCompanies,
  previewInvitation,
  removeCompanyAddress,
  removeMember,
  revokeInvitation,
  updateCompany,
} from './service.js';

const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
};

/** Company accounts (issue #30): the caller's company, its members, invitations, addresses and orders. */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['companies'], security: [{ bearer: [] }] };
  const signedIn = requireUser(app);
  const admin = requireAdmin(app);

  app.get(
    '/company',
    {
      preValidation: signedIn,
      schema: {
        ...common,
        summary:
          'My company: details, my role, members, (owner) waiting invitations, shared addresses, its credit line; null when I belong to none',
        response: { 200: MyCompanySchema, ...problems },
      },
    },
    async (request) => ({ company: await companyView(app.db, currentUser(request).id) }),
  );

  app.post(
    '/company',
    {
      preValidation: signedIn,
      schema: {
        ...common,
        summary:
          'Turn my account into a company (name, tax id, billing address): I become its owner; my credit line becomes the company’s',
        body: CompanyInputSchema,
        response: { 201: CompanySchema, ...problems },
      },
    },
    async (request, reply) => {
      const company = await createCompany(
        app.db,
        currentUser(request),
        request.body,
        auditContextOf(request),
      );
      return reply.code(201).send(company);
    },
  );

  app.patch(
    '/company',
    {
      preValidation: signedIn,
      schema: {
        ...common,
        summary: 'Edit my company’s details and whether orders need a PO number (owner)',
        body: CompanyUpdateSchema,
        response: { 200: CompanySchema, ...problems },
      },
    },
    async (request) => updateCompany(app.db, currentUser(request), request.body, auditContextOf(request)),
  );

  app.get(
    '/company/orders',
    {
      preValidation: signedIn,
      schema: {
        ...common,
        summary: 'The company’s orders, newest first, the last 200 (every member)',
        response: { 200: CompanyOrdersSchema, ...problems },
      },
    },
    async (request) => companyOrders(app.db, currentUser(request)),
  );

  app.post(
    '/company/invitations',
    {
      preValidation: signedIn,
      schema: {
        ...common,
        summary:
          'Invite someone by email as buyer (with an order limit in dollars, null: none), approver or accountant (owner); they are mailed a link',
        body: InvitationInputSchema,
        response: { 201: InvitationSchema, ...problems },
      },
    },
    async (request, reply) => {
      const invitation = await inviteMember(
        app.db,
        currentUser(request),
        request.body,
        app.config.publicUrl,
        auditContextOf(request),
      );
      app.jobs.wake();
      return reply.code(201).send(invitation);
    },
  );

  app.delete(
    '/company/invitations/:id',
    {
      preValidation: signedIn,
      schema: {
        ...common,
        summary: 'Withdraw a waiting invitation (owner); its link stops working',
        params: IdParamsSchema,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await revokeInvitation(app.db, currentUser(request), request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/company/invitations/:token',
    {
      schema: {
        tags: ['companies'],
        summary:
          'What an invitation link offers (anyone with the link): the company, the role and the invited email; 404 unknown or withdrawn, 409 used or expired',
        params: InvitationTokenParamsSchema,
        response: { 200: InvitationPreviewSchema, ...problems },
      },
    },
    async (request) => previewInvitation(app.db, request.params.token),
  );

  app.post(
    '/company/invitations/:token/accept',
    {
      preValidation: signedIn,
      schema: {
        ...common,
        summary: 'Join the company (signed in with the invited email); 409 when already in a company',
        params: InvitationTokenParamsSchema,
        response: { 200: CompanySchema, ...problems },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      return acceptInvitation(app.db, caller, request.params.token, auditContextOf(request));
    },
  );

  app.patch(
    '/company/members/:userId',
    {
      preValidation: signedIn,
      schema: {
        ...common,
        summary:
          'Change a member’s role or (buyer) order limit in dollars (owner; nobody changes their own limit; the sole owner stays owner)',
        params: MemberParamsSchema,
        body: MemberChangeSchema,
        response: { 200: CompanySchema, ...problems },
      },
    },
    async (request) =>
      changeMember(
        app.db,
        currentUser(request),
        request.params.userId,
        request.body,
        auditContextOf(request),
      ),
  );

  app.delete(
    '/company/members/:userId',
    {
      preValidation: signedIn,
      schema: {
        ...common,
        summary:
          'Remove a member (owner), or leave (yourself): every session of theirs is revoked at once (the sole owner cannot leave)',
        params: MemberParamsSchema,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      await removeMember(app.db, currentUser(request), userId, auditContextOf(request));
      // Their sessions were deleted with the membership; every process forgets them before this answers.
      await app.sessionCache.forgetUsers([userId]);
      app.jobs.wake();
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/company/addresses',
    {
      preValidation: signedIn,
      schema: {
        ...common,
        summary: 'Add a shared delivery address every member may ship to (owner)',
        body: DeliveryAddressSchema,
        response: { 201: CompanySchema, ...problems },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addCompanyAddress(app.db, currentUser(request), request.body)),
  );

  app.delete(
    '/company/addresses/:id',
    {
      preValidation: signedIn,
      schema: {
        ...common,
        summary: 'Remove a shared address (owner)',
        params: IdParamsSchema,
        response: { 200: CompanySchema, ...problems },
      },
    },
    async (request) => removeCompanyAddress(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/admin/companies',
    {
      preValidation: admin,
      schema: {
        ...common,
        tags: ['admin'],
        summary: 'Every company, newest first, with its owner and member count (admins)',
        response: { 200: AdminCompaniesSchema, ...problems },
      },
    },
    async () => listCompanies(app.db),
  );

  app.post(
    '/admin/companies',
    {
      preValidation: admin,
      schema: {
        ...common,
        tags: ['admin'],
        summary: 'Create a company for an existing customer (by email), who becomes its owner (admins)',
        body: AdminCompanyInputSchema,
        response: { 201: AdminCompanySchema, ...problems },
      },
    },
    async (request, reply) => {
      const company = await adminCreateCompany(
        app.db,
        currentUser(request),
        request.body,
        auditContextOf(request),
      );
      return reply.code(201).send(company);
    },
  );
};
