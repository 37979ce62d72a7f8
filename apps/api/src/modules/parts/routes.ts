import type { FastifyReply, FastifyRequest } from 'fastify';
import { answerPricedFromCache as pricedFromCache } from '../pricing/priced-from-cache.js';
import { InsertedSchema } from '@pitstop/core/accounts';
import { PartInputSchema } from '@pitstop/core/admin';
import { DeletedSchema } from '@pitstop/core/orders';
import { requireAdmin } from '../../auth/plugin.js';
import { auditContextOf } from '../audit/service.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOTAL_COUNT_HEADER } from '@pitstop/core/catalogue';
import { OTHER_BIKES_TOTAL_HEADER } from '@pitstop/core/header-search';
import { FitsAnswerSchema, FitsQuerySchema } from '@pitstop/core/fitment';
import {
  FitmentSchema,
  PartFacetsQuerySchema,
  PartFacetsSchema,
  PartListQuerySchema,
  PartDetailSchema,
  PartListItemSchema,
  PartParamsSchema,
} from '@pitstop/core/parts';
import { ProblemSchema } from '@pitstop/core/problem';
import {
  jsonArrayResponse,
  jsonResponse,
  partTag,
  RATING_TAG,
  sendCached,
  STOCK_TAG,
} from '../../lib/response-cache.js';
import { requireStoredUpload } from '../uploads/service.js';
import { BRANDS_TAG, requireKnownBrand, requireKnownBrands } from '../brands/service.js';
import {
  countWithoutBike,
  createPartFromInput,
  deletePartById,
  getPart,
  listParts,
  partFacets,
  partFitment,
  partFits,
  updatePartFromInput,
} from './service.js';

/**
 * The catalogue is read far more often than written, so both reads answer from a cache of
 * ready-serialised bytes. Each answer is tagged with the parts it shows (and `stock` when stock
 * levels decide its set or counts), so an order drops only those answers; admin edits drop all.
 * A hit is answered in onRequest, before validation: only validated requests ever fill the
 * cache, under their exact URL, so a hit is a request that already passed once.
 */
export const partsRoutes: FastifyPluginAsyncZod = async (app) => {
  const answerFromCache = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const hit = app.catalogueCache.answer(request.url);
    if (hit) {
      sendCached(reply, hit);
      return;
    }
    done();
  };
  const answerPricedFromCache = pricedFromCache(app);
  // Brands are data: a name no brand has is refused naming `brand`, from the names in memory.
  const knownBrands = async (request: FastifyRequest) => {
    // Run after validation: the query is PartListQuerySchema's (or its facets' part of it).
    const { brand } = request.query as { brand?: readonly string[] };
    if (brand?.length) await requireKnownBrands(app.brands, brand);
  };

  app.get(
    '/parts',
    {
      onRequest: answerPricedFromCache,
      schema: {
        tags: ['parts'],
        summary: 'List parts',
        description:
          'Parts in catalogue order. Paged with `limit` (default 24, at most 100) and `offset`; the ' +
          'total number of matching parts is in the `X-Total-Count` header. Filters: `q` (text: ' +
          "full-text with prefixes, part numbers without dashes or spaces, a part's OEM, interchange " +
          'and replaced numbers (a replaced number finds the end of its chain of replacements ' +
          'first; `matchedBy` on an item says which of its numbers found it), typo-tolerant when ' +
          'nothing matches exactly), `brand` (repeat it for several: `brand=Honda&brand=Yamaha` lists either), ' +
          '`category`, `minPrice`, `maxPrice` (dollars), `inStock=true`, ' +
          '`minRating`; `year` + `make` + `model` keep only the parts that fit that bike (universal ' +
          'parts included). `sort`: relevance (needs `q`; otherwise catalogue order), price_asc, ' +
          'price_desc, rating, newest. When a whole bike finds nothing, the `X-Total-Other-Bikes` ' +
          'header says how many parts the same search and filters find for every bike.',
        querystring: PartListQuerySchema,
        response: { 200: z.array(PartListItemSchema), 400: ProblemSchema },
      },
      preHandler: knownBrands,
    },
    async (request, reply) => {
      const cached = await app.catalogueCache.getOrCompute(request.url, async () => {
        const page = await listParts(app.db, request.query, app.catalogueIndex);
        const { inStock, stock, sort, minRating } = request.query;
        const tags = page.items.map((part) => partTag(part._id));
        // A stock filter's set (and total) moves with any part's stock, shown or not; likewise
        // a rating sort or filter with any part's rating.
        if (inStock || stock) tags.push(STOCK_TAG);
        if (sort === 'rating' || minRating !== undefined) tags.push(RATING_TAG);
        // A brand deleted turns this address into a 400.
        if (request.query.brand) tags.push(BRANDS_TAG);
        const headers: Record<string, string> = { [TOTAL_COUNT_HEADER]: String(page.total) };
        // Nothing for the bike: how many the same search finds for every bike. The URL names the
        // bike, so the cache never serves this count for another; the tags above cover it too.
        const { year, make, model } = request.query;
        if (page.total === 0 && year !== undefined && make && model) {
          const others = await countWithoutBike(app.db, request.query, app.catalogueIndex);
          headers[OTHER_BIKES_TOTAL_HEADER] = String(others);
        }
        return jsonArrayResponse(page.items, headers, tags);
      });
      return sendCached(reply as FastifyReply, await app.priceBook.priced(request, cached));
    },
  );

  app.get(
    '/parts/facets',
    {
      onRequest: answerFromCache,
      schema: {
        tags: ['parts'],
        summary: 'Counts for the catalogue filters',
        description:
          'Takes the filters of GET /parts. Each brand and category count is counted under every ' +
          'other active filter (so with several brands chosen, each brand still counts its own parts); `price` is the range under every filter but price; `didYouMean` is ' +
          'the nearest part name when the text found nothing.',
        querystring: PartFacetsQuerySchema,
        response: { 200: PartFacetsSchema, 400: ProblemSchema },
      },
      preHandler: knownBrands,
    },
    async (request, reply) => {
      const cached = await app.catalogueCache.getOrCompute(request.url, async () =>
        // Facets count the parts in stock (and, under a minimum rating, those rated enough; under
        // a brand filter, while its brands exist).
        jsonResponse(await partFacets(app.db, request.query, app.catalogueIndex), {}, [
          STOCK_TAG,
          ...(request.query.minRating === undefined ? [] : [RATING_TAG]),
          ...(request.query.brand ? [BRANDS_TAG] : []),
        ]),
      );
      return sendCached(reply as FastifyReply, cached);
    },
  );

  app.get(
    '/parts/:id/fitment',
    {
      onRequest: answerFromCache,
      schema: {
        tags: ['parts'],
        summary: 'The bikes a part fits',
        params: PartParamsSchema,
        response: { 200: z.array(FitmentSchema), 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request, reply) => {
      const cached = await app.catalogueCache.getOrCompute(request.url, async () =>
        // Stock plays no part; admin edits drop everything.
        jsonResponse(await partFitment(app.db, request.params.id), {}, []),
      );
      return sendCached(reply as FastifyReply, cached);
    },
  );

  app.get(
    '/parts/:id/fits',
    {
      onRequest: answerFromCache,
      schema: {
        tags: ['parts'],
        summary: 'Whether a part fits a bike',
        params: PartParamsSchema,
        querystring: FitsQuerySchema,
        response: { 200: FitsAnswerSchema, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request, reply) => {
      const cached = await app.catalogueCache.getOrCompute(request.url, async () =>
        jsonResponse(await partFits(app.db, request.params.id, request.query), {}, []),
      );
      return sendCached(reply as FastifyReply, cached);
    },
  );

  app.get(
    '/parts/:id',
    {
      onRequest: answerPricedFromCache,
      schema: {
        tags: ['parts'],
        summary: 'One part',
        description:
          'The part with its other `numbers` (OEM first, then interchange, then the numbers it ' +
          'replaces, each kind in the order the admin listed them) and `supersededBy`: when ' +
          "another part replaces this part's own number, the end of that chain of replacements.",
        params: PartParamsSchema,
        response: { 200: PartDetailSchema, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request, reply) => {
      const cached = await app.catalogueCache.getOrCompute(request.url, async () =>
        jsonResponse(await getPart(app.db, request.params.id), {}, [partTag(request.params.id)]),
      );
      return sendCached(reply as FastifyReply, await app.priceBook.priced(request, cached));
    },
  );

  const admin = requireAdmin(app);
  const adminProblems = {
    400: ProblemSchema,
    401: ProblemSchema,
    403: ProblemSchema,
    404: ProblemSchema,
    409: ProblemSchema,
  };

  app.post(
    '/parts',
    {
      preValidation: admin,
      schema: {
        tags: ['parts'],
        summary: 'Add a part (admins)',
        security: [{ bearer: [] }],
        body: PartInputSchema,
        response: { 200: InsertedSchema, ...adminProblems },
      },
    },
    async (request) => {
      await requireStoredUpload(app.uploads, request.body.img);
      request.body.brand = await requireKnownBrand(app.brands, request.body.brand);
      const result = await createPartFromInput(app.db, request.body, auditContextOf(request));
      // Every answer goes; the catalogue index adds this part, here and on every process. A part
      // that replaces numbers changes which part ends their chains: the texts that are numbers go.
      await app.catalogueCache.invalidateMembership([result.insertedId], {
        numbers: request.body.numbers.some((n) => n.kind === 'supersedes'),
      });
      return result;
    },
  );

  app.put(
    '/parts/:id',
    {
      preValidation: admin,
      schema: {
        tags: ['parts'],
        summary: 'Edit a part (admins)',
        security: [{ bearer: [] }],
        params: PartParamsSchema,
        body: PartInputSchema,
        response: { 200: PartDetailSchema, ...adminProblems },
      },
    },
    async (request) => {
      await requireStoredUpload(app.uploads, request.body.img);
      request.body.brand = await requireKnownBrand(app.brands, request.body.brand);
      const part = await updatePartFromInput(
        app.db,
        request.params.id,
        request.body,
        auditContextOf(request),
      );
      // Every answer goes; the catalogue index re-reads this part only, not the whole catalogue.
      await app.catalogueCache.invalidateEdited([request.params.id]);
      return part;
    },
  );

  app.delete(
    '/parts/:id',
    {
      preValidation: admin,
      schema: {
        tags: ['parts'],
        summary: 'Delete a part (admins); orders keep their copy of it',
        security: [{ bearer: [] }],
        params: PartParamsSchema,
        response: { 200: DeletedSchema, ...adminProblems },
      },
    },
    async (request) => {
      const { deletedCount, replacedNumbers } = await deletePartById(
        app.db,
        request.params.id,
        auditContextOf(request),
      );
      // Every answer goes; the catalogue index marks this part gone, here and on every process.
      // Its supersessions went with it (chains through it are cut): the texts that are numbers go.
      if (deletedCount)
        await app.catalogueCache.invalidateMembership([request.params.id], { numbers: replacedNumbers });
      return { deletedCount };
    },
  );
};
