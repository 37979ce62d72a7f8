import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InsertedSchema } from '@pitstop/core/accounts';
import { PartParamsSchema } from '@pitstop/core/parts';
import { ProblemSchema } from '@pitstop/core/problem';
import { CreateReviewSchema, MyReviewSchema, ReviewSchema } from '@pitstop/core/reviews';
import { currentUser, requireUser } from '../../auth/plugin.js';
import { jsonResponse, partTag, RATING_TAG, sendCached } from '../../lib/response-cache.js';
import { addReview, latestReviews, myReview, reviewsOfPart } from './service.js';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reviews',
    {
      preValidation: requireUser(app),
      schema: {
        tags: ['reviews'],
        summary:
          'Review a part from a paid or delivered order of yours (photo uploaded first); a second review of the same part replaces the first',
        security: [{ bearer: [] }],
        body: CreateReviewSchema,
        response: { 200: InsertedSchema, ...problems },
      },
    },
    async (request) => {
      const result = await addReview(app.db, currentUser(request), request.body, app.uploads);
      // The part's rating changed: the answers showing it, and those that sort or filter by rating.
      await app.catalogueCache.invalidateTags([partTag(request.body.productId), RATING_TAG]);
      return result;
    },
  );

  app.get(
    '/reviews/mine',
    {
      preValidation: requireUser(app),
      schema: {
        tags: ['reviews'],
        summary: 'My review of a part (null before the first) and whether I may review it',
        security: [{ bearer: [] }],
        querystring: z.object({ part: z.uuid({ message: 'Choose the part you are reviewing' }) }),
        response: { 200: MyReviewSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    async (request) => myReview(app.db, currentUser(request), request.query.part),
  );

  app.get(
    '/parts/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'A part’s reviews, newest first',
        params: PartParamsSchema,
        response: { 200: z.array(ReviewSchema), 400: ProblemSchema },
      },
    },
    // Read with the part's page: answered from the catalogue cache, dropped with the part's
    // answers when it is reviewed (the only change a review list sees; deleting a part drops all).
    async (request, reply) =>
      sendCached(
        reply as FastifyReply,
        await app.catalogueCache.getOrCompute(request.url, async () =>
          jsonResponse(await reviewsOfPart(app.db, request.params.id), {}, [partTag(request.params.id)]),
        ),
      ),
  );

  app.get(
    '/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'The latest reviews across the shop',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(24).default(6) }),
        response: { 200: z.array(ReviewSchema), 400: ProblemSchema },
      },
    },
    // Every new review carries the rating tag, so the latest reviews are dropped with it.
    async (request, reply) =>
      sendCached(
        reply as FastifyReply,
        await app.catalogueCache.getOrCompute(request.url, async () =>
          jsonResponse(await latestReviews(app.db, request.query.limit), {}, [RATING_TAG]),
        ),
      ),
  );
};
