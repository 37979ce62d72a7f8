import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddressBookSchema,
  AddressEntryInputSchema,
  AddressEntrySchema,
  AddressIdParamsSchema,
} from '@pitstop/core/address-book';
import { ProblemSchema } from '@pitstop/core/problem';
import { currentUser, requireUser } from '../../auth/plugin.js';
import { addAddress, editAddress, listAddresses, removeAddress } from './service.js';

/** A signed-in customer's address book: their own entries only (another's id is a 404). */
export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const problems = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };
  const common = { tags: ['addresses'], security: [{ bearer: [] }] };
  app.addHook('preValidation', requireUser(app));

  app.get(
    '/addresses',
    {
      schema: {
        ...common,
        summary: 'My address book: the default first, then the most recently used',
        response: { 200: AddressBookSchema, 401: ProblemSchema },
      },
    },
    async (request) => listAddresses(app.db, currentUser(request).id),
  );

  app.post(
    '/addresses',
    {
      schema: {
        ...common,
        summary:
          'Add an address (48 states + DC). The first, or isDefault: true, is the default. The same address already kept is answered (200), not added twice; past the book’s limit: 409',
        body: AddressEntryInputSchema,
        response: { 200: AddressEntrySchema, 201: AddressEntrySchema, ...problems },
      },
    },
    async (request, reply) => {
      const { entry, created } = await addAddress(app.db, currentUser(request).id, request.body);
      return reply.code(created ? 201 : 200).send(entry);
    },
  );

  app.put(
    '/addresses/:id',
    {
      schema: {
        ...common,
        summary:
          'Edit an address; isDefault: true makes it the default (false on the default is ignored: choose another default instead)',
        params: AddressIdParamsSchema,
        body: AddressEntryInputSchema,
        response: { 200: AddressEntrySchema, ...problems },
      },
    },
    async (request) => editAddress(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/addresses/:id',
    {
      schema: {
        ...common,
        summary:
          'Remove an address (orders keep theirs); removing the default makes the most recently used one the default',
        params: AddressIdParamsSchema,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await removeAddress(app.db, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
