import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProblemSchema } from '@pitstop/core/problem';
import {
  DiscountPreviewInputSchema,
  DiscountPreviewSchema,
  PromotionInputSchema,
  PromotionListSchema,
  PromotionParamsSchema,
  PromotionSchema,
} from '@pitstop/core/promotions';
import { promotionsTexts } from '@pitstop/core/promotions-texts';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireAdmin, requireUser } from '../../auth/plugin.js';
import { AppError } from '../../lib/errors.js';
import { auditContextOf } from '../audit/service.js';
import {
  createPromotion,
  listPromotions,
  previewDiscount,
  setPromotionActive,
  updatePromotion,
} from './service.js';

/** The brands as the shop spells them ("yamaha" is Yamaha); a name no brand has is refused on `brands`. */
async function knownBrands(app: FastifyInstance, names: string[]): Promise<string[]> {
  const known = await app.brands.get();
  return names.map((name) => {
    const stored = known.get(name.toLowerCase());
    if (stored === undefined) {
      const message = promotionsTexts.unknownBrand(name);
      throw new AppError('invalid', message, [{ field: 'brands', message }]);
    }
    return stored;
  });
}

const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
};

/**
 * Discount codes (issue #30 item 6): the admins' list and edits (audited; never deleted), and the
 * checkout's preview of a code against the signed-in customer's cart.
 */
export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireAdmin(app);
  const signedIn = requireUser(app);
  const security = [{ bearer: [] }];

  app.get(
    '/admin/promotions',
    {
      preValidation: admin,
      schema: {
        tags: ['promotions'],
        summary:
          'Every discount code, newest first, with its uses and the revenue of the orders that used it (admins)',
        security,
        response: { 200: PromotionListSchema, ...problems },
      },
    },
    async () => ({ items: await listPromotions(app.db) }),
  );

  app.post(
    '/admin/promotions',
    {
      preValidation: admin,
      schema: {
        tags: ['promotions'],
        summary: 'Create a discount code (admins); a code taken, case aside: 409 on `code`',
        security,
        body: PromotionInputSchema,
        response: { 201: PromotionSchema, ...problems },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const input = { ...request.body, brands: await knownBrands(app, request.body.brands) };
      const created = await createPromotion(app.db, input, caller.id, auditContextOf(request));
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/admin/promotions/:id',
    {
      preValidation: admin,
      schema: {
        tags: ['promotions'],
        summary: 'Edit a discount code (admins); its total limit cannot go below its uses (409)',
        security,
        params: PromotionParamsSchema,
        body: PromotionInputSchema,
        response: { 200: PromotionSchema, ...problems },
      },
    },
    async (request) => {
      const input = { ...request.body, brands: await knownBrands(app, request.body.brands) };
      return updatePromotion(app.db, request.params.id, input, auditContextOf(request));
    },
  );

  app.post(
    '/admin/promotions/:id/deactivate',
    {
      preValidation: admin,
      schema: {
        tags: ['promotions'],
        summary:
          'Deactivate a discount code (admins): checkouts refuse it from now on; its orders keep their discount',
        security,
        params: PromotionParamsSchema,
        response: { 200: PromotionSchema, ...problems },
      },
    },
    async (request) => setPromotionActive(app.db, request.params.id, false, auditContextOf(request)),
  );

  app.post(
    '/admin/promotions/:id/activate',
    {
      preValidation: admin,
      schema: {
        tags: ['promotions'],
        summary: 'Make a deactivated discount code usable again (admins)',
        security,
        params: PromotionParamsSchema,
        response: { 200: PromotionSchema, ...problems },
      },
    },
    async (request) => setPromotionActive(app.db, request.params.id, true, auditContextOf(request)),
  );

  app.post(
    '/checkout/discount',
    {
      preValidation: signedIn,
      schema: {
        tags: ['checkout'],
        summary:
          'What a discount code would take off my cart now, at my prices (nothing is written; the order checks it again). A code that does not apply: 400 on `discountCode` saying why',
        security,
        body: DiscountPreviewInputSchema,
        response: { 200: DiscountPreviewSchema, ...problems },
      },
    },
    async (request) => previewDiscount(app.db, currentUser(request).id, request.body.code),
  );
};
