import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SuggestQuerySchema, SuggestionsSchema } from '@pitstop/core/parts';
import { ProblemSchema } from '@pitstop/core/problem';
import { jsonResponse, sendCached } from '../../lib/response-cache.js';
import { suggestParts } from '../parts/service.js';
import { suggestVehiclesFrom } from '../vehicles/service.js';

/** Suggestions as a visitor types: a few parts and a few bikes, from their own modules. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search/suggest',
    {
      schema: {
        tags: ['search'],
        summary: 'Parts and bikes for the search box',
        querystring: SuggestQuerySchema,
        response: { 200: SuggestionsSchema, 400: ProblemSchema },
      },
    },
    async (request, reply) => {
      const hit = await app.catalogueCache.getOrCompute(request.url, async () => {
        const [parts, vehicles] = await Promise.all([
          suggestParts(app.db, request.query.q, 6, app.catalogueIndex),
          app.catalogueIndex.bikesWithParts().then((bikes) => suggestVehiclesFrom(bikes, request.query.q)),
        ]);
        return jsonResponse({ parts, vehicles });
      });
      return sendCached(reply as FastifyReply, hit);
    },
  );
};
