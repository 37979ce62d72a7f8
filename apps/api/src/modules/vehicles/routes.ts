import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VehicleMakesQuerySchema, VehicleModelSchema, VehicleModelsQuerySchema } from '@pitstop/core/fitment';
import { ProblemSchema } from '@pitstop/core/problem';
import { jsonResponse, sendCached } from '../../lib/response-cache.js';
import { vehicleMakeList, vehicleModelList, vehicleYearList } from './service.js';

/**
 * The Year → Make → Model lists change only with the catalogue, so they are answered from the
 * catalogue cache, which every catalogue write clears.
 */
export const vehiclesRoutes: FastifyPluginAsyncZod = async (app) => {
  const cached = async (request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) =>
    sendCached(
      reply,
      await app.catalogueCache.getOrCompute(request.url, async () => jsonResponse(await compute())),
    );

  app.get(
    '/vehicles/years',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Model years that have parts, newest first',
        response: { 200: z.array(z.number().int()) },
      },
    },
    (request, reply) => cached(request, reply, () => vehicleYearList(app.db)),
  );

  app.get(
    '/vehicles/makes',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Makes with parts for a year',
        querystring: VehicleMakesQuerySchema,
        response: { 200: z.array(z.string()), 400: ProblemSchema },
      },
    },
    (request, reply) => cached(request, reply, () => vehicleMakeList(app.db, request.query.year)),
  );

  app.get(
    '/vehicles/models',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Models with parts for a year and make',
        querystring: VehicleModelsQuerySchema,
        response: { 200: z.array(VehicleModelSchema), 400: ProblemSchema },
      },
    },
    (request, reply) =>
      cached(request, reply, () => vehicleModelList(app.db, request.query.year, request.query.make)),
  );
};
