import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PriceListAssignmentSchema,
  PriceListInputSchema,
  PriceListParamsSchema,
  PriceListSchema,
  SaleInputSchema,
  SaleSchema,
} from '@pitstop/core/pricing';
import { ProblemSchema } from '@pitstop/core/problem';
import { requireAdmin } from '../../auth/plugin.js';
import { partTag } from '../../lib/response-cache.js';
import { auditContextOf } from '../audit/service.js';
import { PRICING_TAG } from '../pricing/price-book.js';
import {
  assignPriceList,
  createPriceList,
  createSale,
  deletePriceList,
  deleteSale,
  listPriceLists,
  listSales,
  updatePriceList,
} from './service.js';

const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
};
const OkSchema = z.object({ ok: z.literal(true) });

/**
 * Admins' price lists (tiers), who buys at which, and sale prices (issue #30 item 5). Every change
 * tells each process's price book (PRICING_TAG); a sale also drops its part's cached answers and
 * kept pages, which are laid over from then on until the sale ends.
 */
export const priceListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireAdmin(app);
  const pricesChanged = (partIds: readonly string[] = []) =>
    app.catalogueCache.invalidateTags([PRICING_TAG, ...partIds.map(partTag)]);

  app.get(
    '/admin/price-lists',
    {
      preValidation: admin,
      schema: {
        tags: ['pricing'],
        summary: 'Every price list with its rules, fixed prices and who buys at it (admins)',
        security: [{ bearer: [] }],
        response: { 200: z.array(PriceListSchema), ...problems },
      },
    },
    async () => listPriceLists(app.db),
  );

  app.post(
    '/admin/price-lists',
    {
      preValidation: admin,
      schema: {
        tags: ['pricing'],
        summary: 'Create a price list (admins)',
        description:
          'Rules: a percent off for a brand, a category, both or everything (brand and category null); ' +
          'the most specific applies. Prices: fixed prices by part number, which beat every rule.',
        security: [{ bearer: [] }],
        body: PriceListInputSchema,
        response: { 201: PriceListSchema, ...problems },
      },
    },
    async (request, reply) => {
      const list = await createPriceList(app.db, request.body, auditContextOf(request));
      await pricesChanged();
      return reply.code(201).send(list);
    },
  );

  app.put(
    '/admin/price-lists/:id',
    {
      preValidation: admin,
      schema: {
        tags: ['pricing'],
        summary: 'Replace a price list’s name, rules and fixed prices (admins)',
        security: [{ bearer: [] }],
        params: PriceListParamsSchema,
        body: PriceListInputSchema,
        response: { 200: PriceListSchema, ...problems },
      },
    },
    async (request) => {
      const list = await updatePriceList(app.db, request.params.id, request.body, auditContextOf(request));
      await pricesChanged();
      return list;
    },
  );

  app.delete(
    '/admin/price-lists/:id',
    {
      preValidation: admin,
      schema: {
        tags: ['pricing'],
        summary: 'Delete a price list (admins); its companies and customers go back to retail',
        security: [{ bearer: [] }],
        params: PriceListParamsSchema,
        response: { 200: OkSchema, ...problems },
      },
    },
    async (request) => {
      await deletePriceList(app.db, request.params.id, auditContextOf(request));
      await pricesChanged();
      return { ok: true as const };
    },
  );

  app.post(
    '/admin/price-list-assignments',
    {
      preValidation: admin,
      schema: {
        tags: ['pricing'],
        summary: 'Assign a price list to a company or one customer (admins); null: retail',
        security: [{ bearer: [] }],
        body: PriceListAssignmentSchema,
        response: { 200: OkSchema, ...problems },
      },
    },
    async (request) => {
      await assignPriceList(app.db, request.body, auditContextOf(request));
      await pricesChanged();
      return { ok: true as const };
    },
  );

  app.get(
    '/admin/sales',
    {
      preValidation: admin,
      schema: {
        tags: ['pricing'],
        summary: 'Sales running or planned, and those ended in the last 30 days (admins)',
        security: [{ bearer: [] }],
        response: { 200: z.array(SaleSchema), ...problems },
      },
    },
    async () => listSales(app.db),
  );

  app.post(
    '/admin/sales',
    {
      preValidation: admin,
      schema: {
        tags: ['pricing'],
        summary: 'Put a part on sale from a start to an end (admins)',
        description:
          'The sale price must be below retail; the end after the start and in the future; one sale ' +
          'per part at a time (an overlapping one is 409). Everyone pays it while it runs, unless ' +
          'their price list is lower.',
        security: [{ bearer: [] }],
        body: SaleInputSchema,
        response: { 201: SaleSchema, ...problems },
      },
    },
    async (request, reply) => {
      const sale = await createSale(app.db, request.body, auditContextOf(request));
      await pricesChanged([sale.partId]);
      return reply.code(201).send(sale);
    },
  );

  app.delete(
    '/admin/sales/:id',
    {
      preValidation: admin,
      schema: {
        tags: ['pricing'],
        summary: 'Remove a sale (admins); a running sale ends at once',
        security: [{ bearer: [] }],
        params: PriceListParamsSchema,
        response: { 200: OkSchema, ...problems },
      },
    },
    async (request) => {
      const partId = await deleteSale(app.db, request.params.id, auditContextOf(request));
      await pricesChanged([partId]);
      return { ok: true as const };
    },
  );
};
