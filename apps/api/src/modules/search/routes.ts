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
        description:
          'Up to six parts and some bikes for the typed text `q`. With a bike (`year` + `make` + ' +
          '`model`, all three or none), the parts that fit it come first and each part carries ' +
          '`fits`; without one, parts carry no `fits`. A part number, OEM, interchange or replaced ' +
          'number finds its parts (a replaced number the end of its chain of replacements first); ' +
          'each part carries `matchedBy`, the other number that found it as the part lists it, or ' +
          'null when its name, text or own number did.',
        querystring: SuggestQuerySchema,
        response: { 200: SuggestionsSchema, 400: ProblemSchema },
      },
    },
    async (request, reply) => {
      const { q, year, make, model } = request.query;
      const bike = year !== undefined && make && model ? { year, make, model } : null;
      // Keyed by the whole URL, bike included: an answer for one bike is never served for another.
      const hit = await app.catalogueCache.getOrCompute(request.url, async () => {
        const [parts, vehicles] = await Promise.all([
          suggestParts(app.db, q, 6, app.catalogueIndex, bike),
          app.catalogueIndex.bikesWithParts().then((bikes) => suggestVehiclesFrom(bikes, q)),
        ]);
        return jsonResponse({ parts, vehicles });
      });
      return sendCached(reply as FastifyReply, hit);
    },
  );
};
