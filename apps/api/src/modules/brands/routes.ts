import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BrandInputSchema, BrandParamsSchema, BrandSchema } from '@pitstop/core/brands';
import { DeletedSchema } from '@pitstop/core/orders';
import { ProblemSchema } from '@pitstop/core/problem';
import { requireAdmin } from '../../auth/plugin.js';
import { jsonResponse, sendCached } from '../../lib/response-cache.js';
import { auditContextOf } from '../audit/service.js';
import { requireStoredUpload } from '../uploads/service.js';
import { BRANDS_TAG, BrandDirectory, createBrand, deleteBrand, listBrands, updateBrand } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The brands' names in memory (modules/brands/service.ts), for the checks on every request. */
    brands: BrandDirectory;
  }
}

/** The directory the parts routes check brands with; it follows the catalogue cache's changes. */
export function registerBrandDirectory(app: FastifyInstance): BrandDirectory {
  const directory = new BrandDirectory(app.db).follow(app.catalogueCache);
  app.decorate('brands', directory);
  return directory;
}

/** The public list's address: one cache key whatever the query string. */
const PUBLIC_PATH = '/api/brands';

/**
 * GET /api/brands (anyone) and the admins' writes. The list is kept in the catalogue cache under
 * BRANDS_TAG; a part added, edited or deleted drops it too (admin part edits drop every answer),
 * so its part counts stay true.
 */
export const brandsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/brands',
    {
      schema: {
        tags: ['brands'],
        summary: 'Every brand, by name, with how many parts carry it',
        description:
          'Brands are data: OEM makers and aftermarket brands, each with its slug, kind (`oem` or ' +
          '`aftermarket`), logo (a stored upload’s address, or null), whether it is featured, and ' +
          '`partCount`. The catalogue’s `brand` filter takes these names exactly.',
        response: { 200: z.array(BrandSchema) },
      },
    },
    async (_request, reply) => {
      const cached = await app.catalogueCache.getOrCompute(PUBLIC_PATH, async () =>
        jsonResponse(await listBrands(app.db), {}, [BRANDS_TAG]),
      );
      return sendCached(reply as FastifyReply, cached);
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
    '/brands',
    {
      preValidation: admin,
      schema: {
        tags: ['brands'],
        summary: 'Add a brand (admins)',
        description:
          'The name follows the shop’s text rule and is unique case aside (409 naming `name`). ' +
          'The logo is uploaded first (POST /api/uploads) and its address sent.',
        security: [{ bearer: [] }],
        body: BrandInputSchema,
        response: { 200: BrandSchema, ...adminProblems },
      },
    },
    async (request) => {
      if (request.body.logo) await requireStoredUpload(app.uploads, request.body.logo, 'logo');
      const brand = await createBrand(app.db, request.body, auditContextOf(request));
      await app.catalogueCache.invalidateTags([BRANDS_TAG]);
      return brand;
    },
  );

  app.put(
    '/brands/:id',
    {
      preValidation: admin,
      schema: {
        tags: ['brands'],
        summary: 'Edit a brand (admins); a new name follows into its parts',
        security: [{ bearer: [] }],
        params: BrandParamsSchema,
        body: BrandInputSchema,
        response: { 200: BrandSchema, ...adminProblems },
      },
    },
    async (request) => {
      if (request.body.logo) await requireStoredUpload(app.uploads, request.body.logo, 'logo');
      const { brand, renamed } = await updateBrand(
        app.db,
        request.params.id,
        request.body,
        auditContextOf(request),
      );
      // A new name is in every part of the brand (and their search text): every answer and the
      // catalogue index go, as after an import, here and on every process. Otherwise only the
      // brand list and the answers filtered by brand.
      if (renamed) app.catalogueCache.invalidate();
      else await app.catalogueCache.invalidateTags([BRANDS_TAG]);
      return brand;
    },
  );

  app.delete(
    '/brands/:id',
    {
      preValidation: admin,
      schema: {
        tags: ['brands'],
        summary: 'Delete a brand no part carries (admins); one with parts is refused with 409',
        security: [{ bearer: [] }],
        params: BrandParamsSchema,
        response: { 200: DeletedSchema, ...adminProblems },
      },
    },
    async (request) => {
      const result = await deleteBrand(app.db, request.params.id, auditContextOf(request));
      await app.catalogueCache.invalidateTags([BRANDS_TAG]);
      return result;
    },
  );
};
