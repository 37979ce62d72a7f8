import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GarageIdParamsSchema, GarageSchema, VehicleSchema } from '@pitstop/core/fitment';
import { ProblemSchema } from '@pitstop/core/problem';
import { currentUser, requireUser } from '../../auth/plugin.js';
import { activateInGarage, addToGarage, listGarage, removeFromGarage } from './service.js';

/** A signed-in customer's saved bikes. Every change answers the whole garage, active bike first. */
export const garageRoutes: FastifyPluginAsyncZod = async (app) => {
  const problems = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };
  const common = { tags: ['garage'], security: [{ bearer: [] }] };
  app.addHook('preValidation', requireUser(app));

  app.get(
    '/garage',
    { schema: { ...common, summary: 'My garage', response: { 200: GarageSchema, 401: ProblemSchema } } },
    async (request) => listGarage(app.db, currentUser(request).id),
  );

  app.post(
    '/garage',
    {
      schema: {
        ...common,
        summary: 'Add a bike (it becomes the active one)',
        body: VehicleSchema,
        response: { 200: GarageSchema, ...problems },
      },
    },
    async (request) => addToGarage(app.db, currentUser(request).id, request.body),
  );

  app.delete(
    '/garage/:id',
    {
      schema: {
        ...common,
        summary: 'Remove a bike',
        params: GarageIdParamsSchema,
        response: { 200: GarageSchema, ...problems },
      },
    },
    async (request) => removeFromGarage(app.db, currentUser(request).id, request.params.id),
  );

  app.put(
    '/garage/:id/active',
    {
      schema: {
        ...common,
        summary: 'Make a bike the active one',
        params: GarageIdParamsSchema,
        response: { 200: GarageSchema, ...problems },
      },
    },
    async (request) => activateInGarage(app.db, currentUser(request).id, request.params.id),
  );
};
