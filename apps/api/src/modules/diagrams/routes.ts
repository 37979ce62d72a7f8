import multipart from '@fastify/multipart';
import { answerPricedFromCache as pricedFromCache } from '../pricing/priced-from-cache.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '@pitstop/core/accounts';
import {
  AdminDiagramsQuerySchema,
  AssemblyDetailSchema,
  AssemblyIdParamsSchema,
  AssemblyInputSchema,
  AssemblySummarySchema,
  BikeDiagramsSchema,
  CalloutInputSchema,
  CalloutMoveSchema,
  CalloutParamsSchema,
  DiagramAssemblyParamsSchema,
  DiagramBikeParamsSchema,
  DiagramBikeSummarySchema,
  DiagramPictureUploadSchema,
  DIAGRAMS_CSV_COLUMNS,
  DIAGRAMS_IMPORT_MAX_BYTES,
  DiagramSearchQuerySchema,
  DiagramsDocumentSchema,
  DiagramsExportQuerySchema,
  DiagramsImportResultSchema,
  PartDiagramLinkSchema,
  PartDiagramsQuerySchema,
} from '@pitstop/core/diagrams';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import { PartParamsSchema } from '@pitstop/core/parts';
import { ProblemSchema } from '@pitstop/core/problem';
import { requireAdmin } from '../../auth/plugin.js';
import { AppError } from '../../lib/errors.js';
import { jsonResponse, partTag, sendCached } from '../../lib/response-cache.js';
import { auditContextOf } from '../audit/service.js';
import { requireStoredUpload } from '../uploads/service.js';
import { isStoredUpload } from '../uploads/stored-upload.js';
import { diagramsCsv, readDiagramsCsv, schemaErrors } from './csv.js';
import { storeDiagramPicture } from './picture.js';
import {
  addCallout,
  assemblyById,
  bikeAssemblies,
  bikeAssembly,
  createAssembly,
  deleteAssembly,
  deleteCallout,
  diagramBikes,
  exportDiagrams,
  importDiagrams,
  jsonLocator,
  listAssemblies,
  moveCallout,
  partDiagrams,
  replaceCallout,
  requireBike,
  updateAssembly,
} from './service.js';

/** The tag of every cached diagram answer: a diagram write drops them (and the untagged ones). */
export const DIAGRAMS_TAG = 'diagrams';

const pictureMissing = () =>
  new AppError('invalid', diagramTexts.imageRequired, [
    { field: 'image', message: diagramTexts.imageRequired },
  ]);
const pictureTooLarge = () =>
  new AppError('invalid', 'The picture is larger than 5 MB. Please choose a smaller one.', [
    { field: 'image', message: 'The picture is larger than 5 MB. Please choose a smaller one.' },
  ]);

/**
 * Parts diagrams (issue #29; the contract and addresses are in @pitstop/core/diagrams). The
 * rider's reads are answered from the catalogue cache like the catalogue's: tagged with the parts
 * they show, so an order's stock change or a part's edit drops them, and with DIAGRAMS_TAG, which
 * every diagram write drops. Admin writes are admin-only and audited.
 */
export const diagramsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  app.addContentTypeParser(
    ['text/csv', 'application/csv'],
    { parseAs: 'string', bodyLimit: DIAGRAMS_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  const admin = requireAdmin(app);
  const readProblems = { 400: ProblemSchema, 404: ProblemSchema };
  const adminProblems = {
    400: ProblemSchema,
    401: ProblemSchema,
    403: ProblemSchema,
    404: ProblemSchema,
    409: ProblemSchema,
  };
  const changed = () => app.catalogueCache.invalidateTags([DIAGRAMS_TAG]);

  // A hit is answered before validation: only validated requests ever fill the cache, under their URL.
  const answerFromCache = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const hit = app.catalogueCache.answer(request.url);
    if (hit) {
      sendCached(reply, hit);
      return;
    }
    done();
  };

  const answerPricedFromCache = pricedFromCache(app);

  const cached = async (
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<{ body: unknown; partIds: string[] }>,
  ) =>
    sendCached(
      reply,
      await app.catalogueCache.getOrCompute(request.url, async () => {
        const { body, partIds } = await compute();
        return jsonResponse(body, {}, [DIAGRAMS_TAG, ...partIds.map(partTag)]);
      }),
    );

  app.get(
    '/diagrams',
    {
      onRequest: answerFromCache,
      schema: {
        tags: ['diagrams'],
        summary: 'Bike models with parts diagrams',
        response: { 200: z.array(DiagramBikeSummarySchema) },
      },
    },
    (request, reply) =>
      cached(request, reply, async () => ({ body: await diagramBikes(app.db), partIds: [] })),
  );

  app.get(
    '/diagrams/parts/:id',
    {
      onRequest: answerFromCache,
      schema: {
        tags: ['diagrams'],
        summary: 'The diagrams a part is on (for one bike when year, make and model are given)',
        params: PartParamsSchema,
        querystring: PartDiagramsQuerySchema,
        response: { 200: z.array(PartDiagramLinkSchema), 400: ProblemSchema },
      },
    },
    (request, reply) =>
      cached(request, reply, async () => {
        const { year, make, model } = request.query;
        const bike = year !== undefined && make && model ? { year, make, model } : undefined;
        return { body: await partDiagrams(app.db, request.params.id, bike), partIds: [request.params.id] };
      }),
  );

  app.get(
    '/diagrams/:make/:model/:year',
    {
      onRequest: answerFromCache,
      schema: {
        tags: ['diagrams'],
        summary: "A bike's assemblies",
        description:
          'make and model are URL slugs (lowercase, other characters "-": yzf-r15-v3), resolved ' +
          'against the shop’s vehicles; `q` keeps the assemblies whose name has every word. 404 ' +
          'for a bike the shop does not know; an empty list for one without diagrams.',
        params: DiagramBikeParamsSchema,
        querystring: DiagramSearchQuerySchema,
        response: { 200: BikeDiagramsSchema, ...readProblems },
      },
    },
    (request, reply) =>
      cached(request, reply, async () => {
        const bike = await requireBike(app.db, request.params);
        return {
          body: { bike, assemblies: await bikeAssemblies(app.db, bike, request.query.q) },
          partIds: [],
        };
      }),
  );

  app.get(
    '/diagrams/:make/:model/:year/:slug',
    {
      onRequest: answerPricedFromCache,
      schema: {
        tags: ['diagrams'],
        summary: 'One assembly of a bike: its picture, callouts and parts (price, stock, fits)',
        params: DiagramAssemblyParamsSchema,
        response: { 200: AssemblyDetailSchema, ...readProblems },
      },
    },
    async (request, reply) => {
      const retail = await app.catalogueCache.getOrCompute(request.url, async () => {
        const bike = await requireBike(app.db, request.params);
        const detail = await bikeAssembly(app.db, bike, request.params.slug);
        if (!detail) throw new AppError('not_found', diagramTexts.assemblyNotFound);
        const partIds = detail.callouts.flatMap((c) => c.parts.map((p) => p._id));
        return jsonResponse(detail, {}, [DIAGRAMS_TAG, ...partIds.map(partTag)]);
      });
      return sendCached(reply, await app.priceBook.priced(request, retail));
    },
  );

  /* ---------- Admin ---------- */

  app.get(
    '/admin/diagrams',
    {
      preValidation: admin,
      schema: {
        tags: ['diagrams'],
        summary: 'Every assembly, or a make’s, a model’s, those covering a year (admins)',
        security: [{ bearer: [] }],
        querystring: AdminDiagramsQuerySchema,
        response: { 200: z.array(AssemblySummarySchema), ...adminProblems },
      },
    },
    (request) => listAssemblies(app.db, request.query),
  );

  app.post(
    '/admin/diagrams/pictures',
    {
      preValidation: admin,
      schema: {
        tags: ['diagrams'],
        summary: 'Upload a diagram picture (multipart field "image": PNG, WebP or SVG, at most 5 MB; admins)',
        description:
          'An SVG is cleaned (scripts, foreignObject and event handlers removed and named in ' +
          '`removed`; DOCTYPE/entities, processing instructions and external references in href, ' +
          'xlink:href or url() refused) and drawn into a WebP; every picture is stored as the upload ' +
          'pipeline stores them. Put the answer’s url in the assembly’s `image`.',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        response: { 200: DiagramPictureUploadSchema, ...adminProblems },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw pictureMissing();
      let file;
      try {
        file = await request.file();
      } catch {
        throw pictureTooLarge();
      }
      if (!file || file.fieldname !== 'image') {
        file?.file.resume();
        throw pictureMissing();
      }
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch {
        throw pictureTooLarge();
      }
      if (file.file.truncated) throw pictureTooLarge();
      return storeDiagramPicture(bytes, app.uploads);
    },
  );

  app.post(
    '/admin/diagrams',
    {
      preValidation: admin,
      schema: {
        tags: ['diagrams'],
        summary: 'Add an assembly (admins); an empty slug is made from the name',
        security: [{ bearer: [] }],
        body: AssemblyInputSchema,
        response: { 201: AssemblyDetailSchema, ...adminProblems },
      },
    },
    async (request, reply) => {
      await requireStoredUpload(app.uploads, request.body.image, 'image');
      const detail = await createAssembly(app.db, request.body, auditContextOf(request));
      await changed();
      return reply.code(201).send(detail);
    },
  );

  app.get(
    '/admin/diagrams/export',
    {
      preValidation: admin,
      schema: {
        tags: ['diagrams'],
        summary: 'Download assemblies and callouts as JSON or CSV (admins)',
        description:
          '`make`, `model`, `year` (assemblies covering it) narrow it; `format=json` (the import ' +
          `document) or \`csv\` (columns ${DIAGRAMS_CSV_COLUMNS.join(', ')}, one row per part on a callout).`,
        produces: ['application/json', 'text/csv'],
        security: [{ bearer: [] }],
        querystring: DiagramsExportQuerySchema,
        response: adminProblems,
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const doc = await exportDiagrams(app.db, filter);
      const name = ['diagrams', filter.make, filter.model, filter.year]
        .filter((x) => x !== undefined)
        .map((x) => String(x).replace(/[^A-Za-z0-9-]+/g, '-'))
        .join('-');
      // The answer is the document as the schema reads it, sent as text: no 200 schema covers both formats.
      const body = format === 'csv' ? diagramsCsv(doc) : JSON.stringify(DiagramsDocumentSchema.parse(doc));
      return (reply as FastifyReply)
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.${format}"`)
        .send(body);
    },
  );

  app.post(
    '/admin/diagrams/import',
    {
      preValidation: admin,
      bodyLimit: DIAGRAMS_IMPORT_MAX_BYTES,
      schema: {
        tags: ['diagrams'],
        summary: 'Import assemblies and callouts from JSON or CSV (admins)',
        description:
          'content-type application/json: the export document; text/csv: the export CSV. All or ' +
          'nothing: an assembly at the same bike, years and slug is replaced with its callouts. ' +
          'Errors name the JSON path or, for CSV, the column with "Line N: …".',
        consumes: ['application/json', 'text/csv'],
        security: [{ bearer: [] }],
        body: z.unknown(),
        response: { 200: DiagramsImportResultSchema, ...adminProblems },
      },
    },
    async (request) => {
      let read;
      if (typeof request.body === 'string') read = readDiagramsCsv(request.body);
      else {
        const parsed = DiagramsDocumentSchema.safeParse(request.body);
        if (!parsed.success) throw schemaErrors(parsed.error, jsonLocator);
        read = { doc: parsed.data, locator: jsonLocator };
      }
      const result = await importDiagrams(app.db, read.doc, {
        audit: auditContextOf(request),
        locator: read.locator,
        isStoredImage: (url) => isStoredUpload(app.uploads, url),
      });
      await changed();
      return result;
    },
  );

  app.get(
    '/admin/diagrams/:id',
    {
      preValidation: admin,
      schema: {
        tags: ['diagrams'],
        summary: 'One assembly with its callouts (admins); fits for `year` or its first year',
        security: [{ bearer: [] }],
        params: AssemblyIdParamsSchema,
        querystring: z.object({ year: z.coerce.number().int().optional() }),
        response: { 200: AssemblyDetailSchema, ...adminProblems },
      },
    },
    (request) => assemblyById(app.db, request.params.id, request.query.year),
  );

  app.put(
    '/admin/diagrams/:id',
    {
      preValidation: admin,
      schema: {
        tags: ['diagrams'],
        summary: 'Edit an assembly (admins)',
        security: [{ bearer: [] }],
        params: AssemblyIdParamsSchema,
        body: AssemblyInputSchema,
        response: { 200: AssemblyDetailSchema, ...adminProblems },
      },
    },
    async (request) => {
      await requireStoredUpload(app.uploads, request.body.image, 'image');
      const detail = await updateAssembly(app.db, request.params.id, request.body, auditContextOf(request));
      await changed();
      return detail;
    },
  );

  app.delete(
    '/admin/diagrams/:id',
    {
      preValidation: admin,
      schema: {
        tags: ['diagrams'],
        summary: 'Delete an assembly and its callouts (admins)',
        security: [{ bearer: [] }],
        params: AssemblyIdParamsSchema,
        response: { 204: z.null(), ...adminProblems },
      },
    },
    async (request, reply) => {
      await deleteAssembly(app.db, request.params.id, auditContextOf(request));
      await changed();
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/diagrams/:id/callouts',
    {
      preValidation: admin,
      schema: {
        tags: ['diagrams'],
        summary: 'Drop a numbered callout on the picture, naming its parts by part number (admins)',
        description:
          'x and y are fractions of the picture (0–1; outside it: 400). Part numbers match as the ' +
          'quick search does (no dashes, spaces, dots or case; an OEM or interchange number of one ' +
          'part too); an unknown one is a 400 on parts.N.partNumber. A number already on the ' +
          'diagram is a 409 on number.',
        security: [{ bearer: [] }],
        params: AssemblyIdParamsSchema,
        body: CalloutInputSchema,
        response: { 201: AssemblyDetailSchema, ...adminProblems },
      },
    },
    async (request, reply) => {
      const detail = await addCallout(app.db, request.params.id, request.body, auditContextOf(request));
      await changed();
      return reply.code(201).send(detail);
    },
  );

  app.patch(
    '/admin/diagrams/:id/callouts/:calloutId',
    {
      preValidation: admin,
      schema: {
        tags: ['diagrams'],
        summary: 'Move a callout (admins)',
        security: [{ bearer: [] }],
        params: CalloutParamsSchema,
        body: CalloutMoveSchema,
        response: { 200: AssemblyDetailSchema, ...adminProblems },
      },
    },
    async (request) => {
      const { id, calloutId } = request.params;
      const detail = await moveCallout(app.db, id, calloutId, request.body, auditContextOf(request));
      await changed();
      return detail;
    },
  );

  app.put(
    '/admin/diagrams/:id/callouts/:calloutId',
    {
      preValidation: admin,
      schema: {
        tags: ['diagrams'],
        summary: 'Replace a callout’s number, place and parts (admins)',
        security: [{ bearer: [] }],
        params: CalloutParamsSchema,
        body: CalloutInputSchema,
        response: { 200: AssemblyDetailSchema, ...adminProblems },
      },
    },
    async (request) => {
      const { id, calloutId } = request.params;
      const detail = await replaceCallout(app.db, id, calloutId, request.body, auditContextOf(request));
      await changed();
      return detail;
    },
  );

  app.delete(
    '/admin/diagrams/:id/callouts/:calloutId',
    {
      preValidation: admin,
      schema: {
        tags: ['diagrams'],
        summary: 'Delete a callout (admins)',
        security: [{ bearer: [] }],
        params: CalloutParamsSchema,
        response: { 200: AssemblyDetailSchema, ...adminProblems },
      },
    },
    async (request) => {
      const { id, calloutId } = request.params;
      const detail = await deleteCallout(app.db, id, calloutId, auditContextOf(request));
      await changed();
      return detail;
    },
  );
};
